import type { Discussion } from '../../../shared/api/notes';

/** A point on an image as the position stores it: pixels of the image as it was shown, and its size then. */
export type ImagePoint = { x: number; y: number; width: number; height: number };

const clamp = (value: number, max: number) => Math.min(Math.max(Math.round(value), 0), max);

/**
 * Spec 001 section 2.9: the point a click on a shown image names. The size is the image's size
 * on screen (whole pixels, at least 1), the point inside it.
 */
export function imagePoint(
  offsetX: number,
  offsetY: number,
  shownWidth: number,
  shownHeight: number,
): ImagePoint {
  const width = Math.max(1, Math.round(shownWidth));
  const height = Math.max(1, Math.round(shownHeight));
  return { x: clamp(offsetX, width), y: clamp(offsetY, height), width, height };
}

/**
 * Where a pin goes on the image as shown now, in percent of its size: the same spot whatever size
 * it was shown at when the comment was written.
 */
export function pinPercent(point: Partial<ImagePoint>): { xPercent: number; yPercent: number } | null {
  const { x, y, width, height } = point;
  if (x === undefined || y === undefined || !width || !height) return null;
  return { xPercent: (x / width) * 100, yPercent: (y / height) * 100 };
}

/** The pins' numbers, 1 up in the threads' order; pending comments are not counted (they show unnumbered). */
export function pinNumbers(discussions: readonly Pick<Discussion, 'id'>[]): Map<string, number> {
  return new Map(discussions.map((discussion, index) => [discussion.id, index + 1]));
}
