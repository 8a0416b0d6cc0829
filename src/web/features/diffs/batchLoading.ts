import type { DiffsBatch } from '../../../shared/api/diffs';

/** Spec section 9: the first batch's size is the configured page size, or 1 in file-by-file mode. */
export const BATCH_START_MULTIPLIER = 1.4;
export const BATCH_MULTIPLIER_STEP = 0.2;
export const BATCH_MAX_MULTIPLIER = 2;
export const BATCH_MAX_SIZE = 30;

/** Where the batch sequence stands: `offset` is the index of the batch's first file in the metadata's list. */
export type BatchCursor = { offset: number; size: number; multiplier: number };

/** The first batch of a page load. */
export function firstBatch(configuredPerPage: number, fileByFile: boolean): BatchCursor {
  const size = fileByFile ? 1 : Math.min(Math.max(1, Math.floor(configuredPerPage)), BATCH_MAX_SIZE);
  return { offset: 0, size, multiplier: BATCH_START_MULTIPLIER };
}

/**
 * The batch after `cursor`: it starts where `cursor` ends and is the previous one times the
 * multiplier (rounded up, capped at 30), and the multiplier grows by 0.2 until it reaches 2, so a
 * large merge request paints its first files at once and then catches up in ever larger requests.
 */
export function nextBatch(cursor: BatchCursor): BatchCursor {
  return {
    offset: cursor.offset + cursor.size,
    size: Math.min(Math.ceil(cursor.size * cursor.multiplier), BATCH_MAX_SIZE),
    // Rounded to tenths so that 1.4 + 0.2 + 0.2 + 0.2 lands on 2 rather than 1.9999999999999998.
    multiplier: Math.min(
      Math.round((cursor.multiplier + BATCH_MULTIPLIER_STEP) * 10) / 10,
      BATCH_MAX_MULTIPLIER,
    ),
  };
}

/** In file-by-file mode the files around the one shown are fetched ahead: one before, one after. */
export function neighboursToPrefetch(index: number, totalFiles: number): number[] {
  return [index - 1, index + 1].filter((i) => i >= 0 && i < totalFiles);
}

/** The batch endpoint's parameters for `cursor`: as GitLab's client sends them, `page` is the offset. */
export function batchQuery(cursor: Pick<BatchCursor, 'offset' | 'size'>): { page: number; per_page: number } {
  return { page: cursor.offset, per_page: cursor.size };
}

/**
 * Whether the batch that started at file `offset` was the last, as GitLab's client decides: the
 * files loaded reach the diff's file count (`total_pages`), or the batch was empty (null).
 */
export function isLastBatch(offset: number, batch: Pick<DiffsBatch, 'pagination' | 'diff_files'>): boolean {
  const total = batch.pagination.total_pages;
  return total === null || offset + batch.diff_files.length >= total;
}
