/** Spec section 9: the first batch's size is the configured page size, or 1 in file-by-file mode. */
export const BATCH_START_MULTIPLIER = 1.4;
export const BATCH_MULTIPLIER_STEP = 0.2;
export const BATCH_MAX_MULTIPLIER = 2;
export const BATCH_MAX_SIZE = 30;

/** One request's worth of files: `offset` is the index of its first file in the metadata's list. */
export type Batch = { offset: number; size: number };

/** Where the batch sequence stands between two requests. */
export type BatchCursor = { offset: number; size: number; multiplier: number };

/** The first batch of a page load. */
export function firstBatch(configuredPerPage: number, fileByFile: boolean): BatchCursor {
  const size = fileByFile ? 1 : Math.min(Math.max(1, Math.floor(configuredPerPage)), BATCH_MAX_SIZE);
  return { offset: 0, size, multiplier: BATCH_START_MULTIPLIER };
}

/**
 * The batch after `cursor`: each batch is the previous one times the multiplier (rounded up, capped
 * at 30), and the multiplier grows by 0.2 until it reaches 2, so a large merge request paints its
 * first files at once and then catches up in ever larger requests.
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

/** Every batch needed to load `totalFiles` files, in request order. */
export function planBatches(totalFiles: number, configuredPerPage: number, fileByFile: boolean): Batch[] {
  const batches: Batch[] = [];
  for (
    let cursor = firstBatch(configuredPerPage, fileByFile);
    cursor.offset < totalFiles;
    cursor = nextBatch(cursor)
  ) {
    batches.push({ offset: cursor.offset, size: Math.min(cursor.size, totalFiles - cursor.offset) });
  }
  return batches;
}

/** In file-by-file mode the files around the one shown are fetched ahead: one before, one after. */
export function neighboursToPrefetch(index: number, totalFiles: number): number[] {
  return [index - 1, index + 1].filter((i) => i >= 0 && i < totalFiles);
}

/**
 * The batch endpoint's parameters for `cursor`. `diffs_batch.json` counts pages of `per_page`
 * files, so a page can only start where a multiple of its size does: the size asked for is the
 * largest one within the batch's size that lines up with the files already loaded. No file is
 * fetched twice, and from the cap on every batch holds 30 files (30 divides every later offset).
 */
export function batchQuery(cursor: Pick<BatchCursor, 'offset' | 'size'>): { page: number; per_page: number } {
  let perPage = cursor.size;
  while (cursor.offset % perPage !== 0) perPage--;
  return { page: cursor.offset / perPage + 1, per_page: perPage };
}

/** The cursor after a batch that covered `covered` files (its `per_page`). */
export function advance(cursor: BatchCursor, covered: number): BatchCursor {
  return { ...nextBatch(cursor), offset: cursor.offset + covered };
}
