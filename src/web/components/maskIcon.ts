import type { Icon } from '@primer/octicons-react';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

/** A class that draws an octicon as a mask filled with the text colour (`.mask-icon` in app.css). */
export type MaskIcon = string & { readonly maskIcon: unique symbol };

let sheet: HTMLStyleElement | null = null;
let defined = 0;
const undrawn: { name: MaskIcon; icon: Icon }[] = [];

/**
 * An octicon as a class instead of an inline SVG. A busy Overview shows thousands of note action
 * icons, and each inline SVG is two more elements (svg and path) for React to create and the
 * browser to style; a class draws the same shape on its element's `::before`.
 *
 * Call at module scope: the icon's SVG is rendered with React, which cannot happen inside a
 * render. The class is returned at once and its rule follows in a microtask, drawn with the other
 * icons defined meanwhile. Where there is no document (server-rendered tests) only the class is
 * returned.
 */
export function maskIcon(icon: Icon): MaskIcon {
  defined += 1;
  const name = `mask-icon--${defined}` as MaskIcon;
  if (typeof document === 'undefined') return name;
  if (undrawn.length === 0) queueMicrotask(drawUndrawn);
  undrawn.push({ name, icon });
  return name;
}

/**
 * Renders every icon waiting for its rule in one React root: a root for each of the eleven icons
 * (each root registers its own event listeners) took twice as long, on every page that loads the
 * notes' code (65 against 33 ms in a profiled load of the Changes tab).
 */
function drawUndrawn() {
  const icons = undrawn.splice(0);
  const holder = document.createElement('div');
  const root = createRoot(holder);
  flushSync(() =>
    root.render(
      icons.map(({ name, icon }) =>
        createElement('span', { key: name, id: name }, createElement(icon, { size: 16 })),
      ),
    ),
  );
  const rules = icons.map(({ name, icon }) => {
    const svg = holder.querySelector(`#${name} > svg`);
    if (!svg) throw new Error(`${icon.displayName ?? 'an icon'} rendered no SVG`);
    svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    return `.${name}{--mask-icon:url("data:image/svg+xml,${encodeURIComponent(svg.outerHTML)}")}\n`;
  });
  root.unmount();
  sheet ??= document.head.appendChild(document.createElement('style'));
  sheet.append(rules.join(''));
}
