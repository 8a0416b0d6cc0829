import { forwardRef, type ButtonHTMLAttributes } from 'react';
import type { MaskIcon } from '../../components/maskIcon';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'type'> & {
  /** Defined once per module with `maskIcon`: the button is then a single element. */
  icon: MaskIcon;
  'aria-label': string;
  /** As Primer's small icon buttons: borderless, or with the default button's border. */
  variant?: 'invisible' | 'default';
};

/**
 * A thread's icon buttons (a note's actions, the jump buttons), looking and named as Primer's
 * small `IconButton`, with its tooltip. A busy Overview holds thousands of these: Primer's button
 * builds a tooltip, a few wrappers and a dozen attributes for each, which was a large part of the
 * page's render, so these are plain buttons, and one tooltip element, shown by a handful of
 * document listeners, serves them all. The `aria-label` stays the button's name; the tooltip only
 * shows it.
 */
export const ThreadIconButton = forwardRef<HTMLButtonElement, Props>(function ThreadIconButton(
  { icon, variant = 'default', className, ...button },
  ref,
) {
  const classes = [
    'thread-icon-button',
    'mask-icon',
    icon,
    variant === 'default' && 'thread-icon-button--default',
    className,
  ];
  return (
    <button
      ref={ref}
      type="button"
      className={classes.filter(Boolean).join(' ')}
      data-thread-tooltip=""
      {...button}
    />
  );
});

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
