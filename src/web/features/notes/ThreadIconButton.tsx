import { IconButton, type IconButtonProps } from '@primer/react';
import { forwardRef } from 'react';

/**
 * A thread's icon buttons (a note's actions, the jump buttons) name themselves in a tooltip, as
 * Primer's `IconButton` does. Primer mounts a tooltip per button, with its own document listener,
 * and a busy Overview holds thousands of these buttons: here one tooltip element, shown by a
 * handful of document listeners, serves them all. The button's `aria-label` stays its name; the
 * tooltip only shows it.
 */
export const ThreadIconButton = forwardRef<HTMLButtonElement, IconButtonProps>(
  function ThreadIconButton(props, ref) {
    return <IconButton ref={ref} {...props} unsafeDisableTooltip data-thread-tooltip="" />;
  },
);

const SHOW_AFTER_MS = 100;
const GAP_PX = 4;
let tooltip: HTMLDivElement | null = null;
let pending: ReturnType<typeof setTimeout> | undefined;

const tooltipButton = (target: EventTarget | null): HTMLElement | null =>
  target instanceof Element ? target.closest<HTMLElement>('[data-thread-tooltip]') : null;

function show(button: HTMLElement): void {
  const text = button.getAttribute('aria-label');
  if (!text || !button.isConnected) return;
  tooltip ??= Object.assign(document.createElement('div'), { className: 'thread-tooltip' });
  tooltip.setAttribute('aria-hidden', 'true');
  tooltip.textContent = text;
  // Inside the themed root, whose colour variables it takes.
  (button.closest('[data-color-mode]') ?? document.body).append(tooltip);
  // Below the button and centred on it, as Primer places an icon button's tooltip; kept on screen.
  const anchor = button.getBoundingClientRect();
  const { width } = tooltip.getBoundingClientRect();
  const left = Math.min(
    Math.max(anchor.left + anchor.width / 2 - width / 2, GAP_PX),
    innerWidth - width - GAP_PX,
  );
  tooltip.style.left = `${left}px`;
  tooltip.style.top = `${anchor.bottom + GAP_PX}px`;
}

function hide(): void {
  clearTimeout(pending);
  tooltip?.remove();
}

function showSoon(button: HTMLElement): void {
  hide();
  pending = setTimeout(() => show(button), SHOW_AFTER_MS);
}

if (typeof document !== 'undefined') {
  document.addEventListener('pointerover', (event) => {
    const button = tooltipButton(event.target);
    if (button) showSoon(button);
    else hide();
  });
  document.addEventListener('focusin', (event) => {
    const button = tooltipButton(event.target);
    if (button?.matches(':focus-visible')) showSoon(button);
    else hide();
  });
  for (const type of ['pointerdown', 'focusout', 'scroll'] as const)
    document.addEventListener(type, hide, true);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') hide();
  });
}
