import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import {
  afterLayoutChange,
  afterOwnScroll,
  afterScroll,
  keptScrollTop,
  SCROLL_ANCHOR_CLEANUP_MS,
  startAnchor,
  type ScrollAnchor,
} from './scrollAnchor';

/** The element to keep in view, and where it goes the first time it is found (px below the content top). */
export type AnchorTarget = { element: HTMLElement; offset: number };

type Options = {
  /** Whether the page follows its target at all; false ends the watch at once. */
  active: boolean;
  /** The element whose size changes are the layout changes (the file list). */
  container: RefObject<HTMLElement | null>;
  /** Where content starts under the sticky bar, in viewport px. */
  contentTop: number;
  /** The most precise target rendered now (a note, else a line, else its file), or null. */
  findTarget: () => AnchorTarget | null;
  /** The target left the viewport and the watch ended (spec section 9: one second later). */
  onEnd: () => void;
};

/**
 * Keeps a deep link's target in view while the layout changes (spec 2, rule in scrollAnchor.ts):
 * each size change of the container scrolls the target back to where the reader last left it.
 * Returns `keep`, for changes that do not resize the container (the target being rendered).
 */
export function useScrollAnchor({ active, container, contentTop, findTarget, onEnd }: Options): () => void {
  const keepRef = useRef<() => void>(() => undefined);
  const latest = useRef({ contentTop, findTarget, onEnd });
  useLayoutEffect(() => {
    latest.current = { contentTop, findTarget, onEnd };
  });

  useEffect(() => {
    const list = container.current;
    const page = document.scrollingElement;
    if (!active || !list || !page) return;
    let anchor: ScrollAnchor | null = null;
    let element: HTMLElement | null = null;
    let ending: ReturnType<typeof setTimeout> | undefined;
    let seen = false;
    // Ends once the target, having been in view, leaves it (the reader scrolled it away).
    const leaving = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting) seen = true;
      else if (seen && ending === undefined) {
        ending = setTimeout(() => latest.current.onEnd(), SCROLL_ANCHOR_CLEANUP_MS);
      }
    });
    const keep = () => {
      const found = latest.current.findTarget();
      if (!found) return;
      if (found.element !== element) {
        // A more precise target appeared (the line once its file loaded): it sets the place anew.
        if (element) leaving.unobserve(element);
        seen = false;
        element = found.element;
        anchor = startAnchor(found.offset, page.scrollHeight);
        leaving.observe(element);
      }
      anchor = afterLayoutChange(anchor!, page.scrollHeight);
      const top = keptScrollTop(anchor, {
        targetTop: element.getBoundingClientRect().top,
        scrollTop: page.scrollTop,
        contentTop: latest.current.contentTop,
      });
      if (Math.abs(top - page.scrollTop) >= 1) window.scrollTo({ top, behavior: 'instant' });
      anchor = afterOwnScroll(anchor, page.scrollTop);
    };
    const onScroll = () => {
      if (!anchor || !element) return;
      anchor = afterScroll(anchor, {
        targetTop: element.getBoundingClientRect().top,
        scrollTop: page.scrollTop,
        scrollHeight: page.scrollHeight,
        contentTop: latest.current.contentTop,
      });
    };
    const resized = new ResizeObserver(keep);
    resized.observe(list);
    window.addEventListener('scroll', onScroll, { passive: true });
    keepRef.current = keep;
    keep();
    return () => {
      keepRef.current = () => undefined;
      clearTimeout(ending);
      resized.disconnect();
      leaving.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
  }, [active, container]);

  return useCallback(() => keepRef.current(), []);
}
