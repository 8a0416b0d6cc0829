import type { DiffFileMetadata } from '../../../shared/api/diffs';

/**
 * Files kept in the DOM past each edge of the viewport, once the first screen has painted: files
 * are tall, and every file kept in the DOM adds to each click's style, layout and hit testing
 * (XL: 3,537 nodes against 4,087 with two).
 */
export const OVERSCAN = 1;

/**
 * The largest diff rendered whole, every file in the DOM: below these, browser find, printing and
 * screen readers see every line, and the page costs no more than the virtualized list does
 * (docs/performance.md, "Whole or virtualized file list"). Past either, the list is virtualized.
 */
export const WHOLE_LIST_MAX_FILES = 50;
export const WHOLE_LIST_MAX_ROWS = 400;

/** The rows a file is expected to show: its changed lines and some context, none if it starts collapsed. */
export const expectedRows = (meta: DiffFileMetadata): number =>
  meta.viewer.collapsed ? 0 : meta.added_lines + meta.removed_lines + 6;

/** Whether the Changes tab renders every file of `files` at once rather than a virtualized window. */
export function rendersWhole(files: readonly DiffFileMetadata[]): boolean {
  if (files.length > WHOLE_LIST_MAX_FILES) return false;
  let rows = 0;
  for (const meta of files) rows += expectedRows(meta);
  return rows <= WHOLE_LIST_MAX_ROWS;
}

/**
 * Whether the list holds every one of `count` files once its overscan is OVERSCAN, given the files
 * in view: what browser find will see, even in the first frame, when the overscan is still 0.
 */
export function rendersEveryFile(
  inView: { startIndex: number; endIndex: number } | null,
  count: number,
): boolean {
  if (count === 0) return true;
  return inView !== null && inView.startIndex - OVERSCAN <= 0 && inView.endIndex + OVERSCAN >= count - 1;
}
