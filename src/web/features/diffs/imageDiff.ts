import type { DiffFile } from '../../../shared/api/diffs';
import { humanSize } from './viewerKind';

/** Spec 2.9: the kinds of change an image viewer shows; only a replaced image has modes. */
export type ImageDiffKind = 'replaced' | 'new' | 'deleted' | 'renamed';

/** GitLab's diff mode of a file: the first of new, deleted and renamed that applies, else replaced. */
export function imageDiffKind(
  file: Pick<DiffFile, 'new_file' | 'deleted_file' | 'renamed_file'>,
): ImageDiffKind {
  if (file.new_file) return 'new';
  if (file.deleted_file) return 'deleted';
  if (file.renamed_file) return 'renamed';
  return 'replaced';
}

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

/** How far an arrow key moves a focused swipe bar, in pixels. */
export const SWIPE_KEY_STEP = 10;

/** Spec section 9: the swipe resets this long after the last resize. */
export const SWIPE_RESIZE_DEBOUNCE_MS = 400;

/** "width × height" under each image, as the spec's image viewer shows it. */
export const dimensionsText = (size: Size): string => `W: ${size.width}px | H: ${size.height}px`;

/**
 * Spec 2.9, the line under an image: its file size (when known and above zero) and, once the
 * image is decoded, its width and height, as GitLab's image viewer joins them with " | ".
 */
export function imageInfoText(bytes: number | null, size: Size | undefined): string {
  const parts: string[] = [];
  if (bytes !== null && bytes > 0) parts.push(humanSize(bytes));
  if (size) parts.push(dimensionsText(size));
  return parts.join(' | ');
}
