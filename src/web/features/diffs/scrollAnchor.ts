/**
 * Spec 2 and section 9: the page scrolls to a deep link's target and keeps it in view while the
 * layout changes (files above it load and change height). GitLab's rule: on every layout change
 * the page is scrolled so that the target sits where the reader last left it below the sticky
 * bar; a scroll that comes with the page's height changing by more than 100 px is the layout
 * shifting, not the reader; the watch ends one second after the target leaves the viewport.
 */

/** Spec section 9: how long the observers stay after the target has left the viewport. */
export const SCROLL_ANCHOR_CLEANUP_MS = 1000;

/** Spec section 9: a height change above this, seen with a scroll, makes that scroll the layout's. */
export const LAYOUT_SHIFT_THRESHOLD_PX = 100;

export type ScrollAnchor = {
  /** The target's distance below the top of the content (under the sticky bar), in px. */
  offset: number;
  /** The page's scroll height when the layout last changed. */
  scrollHeight: number;
  /** Where the page's own last scroll left it, so that its scroll event is not taken for the reader's. */
  ownScrollTop: number | null;
};

/** Where the target is, relative to the viewport, and how the page is scrolled. */
export type AnchorMeasure = {
  /** The target's top in viewport coordinates (`getBoundingClientRect().top`). */
  targetTop: number;
  scrollTop: number;
  scrollHeight: number;
  /** Where content starts below sticky bars, in viewport coordinates. */
  contentTop: number;
};

export const startAnchor = (offset: number, scrollHeight: number): ScrollAnchor => ({
  offset,
  scrollHeight,
  ownScrollTop: null,
});

/** The layout changed (a size was observed): its height is the one later scrolls compare with. */
export const afterLayoutChange = (anchor: ScrollAnchor, scrollHeight: number): ScrollAnchor => ({
  ...anchor,
  scrollHeight,
});

/**
 * The scroll position that puts the target back at its offset below the content top; the page
 * scrolls there after each layout change.
 */
export const keptScrollTop = (anchor: ScrollAnchor, at: Omit<AnchorMeasure, 'scrollHeight'>): number =>
  Math.max(0, at.targetTop + at.scrollTop - at.contentTop - anchor.offset);

/** The page scrolled itself to `scrollTop` (clamped by the browser where the page is too short). */
export const afterOwnScroll = (anchor: ScrollAnchor, scrollTop: number): ScrollAnchor => ({
  ...anchor,
  ownScrollTop: scrollTop,
});

/**
 * A scroll event: the page's own scroll and a layout shift (the height moved by more than the
 * threshold) keep the anchor; any other scroll is the reader's, who now keeps the target where
 * it is.
 */
export function afterScroll(anchor: ScrollAnchor, at: AnchorMeasure): ScrollAnchor {
  if (anchor.ownScrollTop !== null && at.scrollTop === anchor.ownScrollTop) return anchor;
  if (Math.abs(at.scrollHeight - anchor.scrollHeight) > LAYOUT_SHIFT_THRESHOLD_PX) return anchor;
  return { ...anchor, offset: at.targetTop - at.contentTop, ownScrollTop: null };
}
