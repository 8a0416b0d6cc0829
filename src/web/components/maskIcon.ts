import type { Icon } from '@primer/octicons-react';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

/** A class that draws an octicon as a mask filled with the text colour (`.mask-icon` in app.css). */
export type MaskIcon = string & { readonly maskIcon: unique symbol };

let sheet: HTMLStyleElement | null = null;
let defined = 0;

/**
 * An octicon as a class instead of an inline SVG. A busy Overview shows thousands of note action
 * icons, and each inline SVG is two more elements (svg and path) for React to create and the
 * browser to style; a class draws the same shape on its element's `::before`.
 *
 * Call at module scope: the icon's SVG is rendered once with React, which cannot happen inside a
 * render. Where there is no document (server-rendered tests) only the class is returned.
 */
export function maskIcon(icon: Icon): MaskIcon {
  defined += 1;
  const name = `mask-icon--${defined}`;
  if (typeof document === 'undefined') return name as MaskIcon;
  const holder = document.createElement('div');
  const root = createRoot(holder);
  flushSync(() => root.render(createElement(icon, { size: 16 })));
  const svg = holder.querySelector('svg');
  root.unmount();
  if (!svg) throw new Error(`${icon.displayName ?? 'an icon'} rendered no SVG`);
  svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const url = `url("data:image/svg+xml,${encodeURIComponent(svg.outerHTML)}")`;
  sheet ??= document.head.appendChild(document.createElement('style'));
  sheet.append(`.${name}{--mask-icon:${url}}\n`);
  return name as MaskIcon;
}
