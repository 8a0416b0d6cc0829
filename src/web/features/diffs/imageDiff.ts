/** Spec 2.9: the image diff modes of a replaced image. */
export type ImageDiffMode = 'twoup' | 'swipe' | 'onion';

export type Size = { width: number; height: number };

/** Spec section 9: the swipe frame is the larger image plus 2 px (a 1 px border on each side). */
export function swipeFrame(before: Size, after: Size): Size {
  return {
    width: Math.max(before.width, after.width) + 2,
    height: Math.max(before.height, after.height) + 2,
  };
}

/** The swipe bar stays between 0 and the frame's width, wherever the pointer goes. */
export const clampSwipe = (x: number, frameWidth: number): number => Math.min(Math.max(x, 0), frameWidth);

/** Spec section 9: the swipe resets this long after the last resize. */
export const SWIPE_RESIZE_DEBOUNCE_MS = 400;

/** "width × height" under each image, as the spec's image viewer shows it. */
export const dimensionsText = (size: Size): string => `W: ${size.width}px | H: ${size.height}px`;
