import { describe, expect, it } from 'vitest';
import {
  batchQuery,
  firstBatch,
  isLastBatch,
  neighboursToPrefetch,
  nextBatch,
  type BatchCursor,
} from './batchLoading';

/** The `{ page, per_page }` of every batch a page load asks for, until `totalFiles` are covered. */
function queries(totalFiles: number, configuredPerPage: number, fileByFile: boolean) {
  const asked: Array<{ page: number; per_page: number }> = [];
  for (
    let cursor: BatchCursor = firstBatch(configuredPerPage, fileByFile);
    cursor.offset < totalFiles;
    cursor = nextBatch(cursor)
  ) {
    asked.push(batchQuery(cursor));
  }
  return asked;
}

describe('diff batch loading (spec section 9)', () => {
  it.each([
    [5, false, 5],
    [20, false, 20],
    [50, false, 30],
    [20, true, 1],
    [0, false, 1],
  ])('starts with %d per page (file by file: %s) as a batch of %d', (perPage, fileByFile, size) => {
    expect(firstBatch(perPage, fileByFile)).toEqual({ offset: 0, size, multiplier: 1.4 });
  });

  it.each([
    ['the configured 5 per page', false, [5, 7, 12, 22, 30, 30, 30]],
    ['file by file', true, [1, 2, 4, 8, 16, 30, 30]],
  ])('asks for batches of exactly the spec sizes with %s', (_mode, fileByFile, sizes) => {
    const asked = queries(1000, 5, fileByFile).slice(0, sizes.length);
    expect(asked.map((query) => query.per_page)).toEqual(sizes);
    // `page` is the offset of the batch's first file: each batch starts where the previous one ended.
    let offset = 0;
    for (const query of asked) {
      expect(query.page).toBe(offset);
      offset += query.per_page;
    }
  });

  it('grows the multiplier from 1.4 by 0.2 up to 2', () => {
    const multipliers: number[] = [];
    for (let c = firstBatch(5, false), i = 0; i < 6; i++, c = nextBatch(c)) multipliers.push(c.multiplier);
    expect(multipliers).toEqual([1.4, 1.6, 1.8, 2, 2, 2]);
  });

  it('covers every file of a 5,000-file merge request exactly once, in batches of at most 30', () => {
    const asked = queries(5000, 5, false);
    asked.forEach((query, i) =>
      expect(query.page).toBe(i === 0 ? 0 : asked[i - 1]!.page + asked[i - 1]!.per_page),
    );
    expect(asked.at(-1)!.page + asked.at(-1)!.per_page).toBeGreaterThanOrEqual(5000);
    expect(Math.max(...asked.map((query) => query.per_page))).toBe(30);
    // 5 + 7 + 12 + 22 = 46 files in four batches, then 4,954 more in batches of 30.
    expect(asked).toHaveLength(4 + Math.ceil((5000 - 46) / 30));
  });

  const batch = (files: number, total: number | null) => ({
    pagination: { total_pages: total },
    diff_files: Array.from({ length: files }, () => ({}) as never),
  });

  it.each([
    ['the files loaded reach the total', 46, batch(4, 50), true],
    ['files remain', 12, batch(22, 50), false],
    ['the batch is empty (total_pages null)', 0, batch(0, null), true],
  ])('stops loading when %s', (_case, offset, answer, last) => {
    expect(isLastBatch(offset, answer)).toBe(last);
  });

  it.each([
    [0, 5, [1]],
    [2, 5, [1, 3]],
    [4, 5, [3]],
    [0, 1, []],
  ])('prefetches the neighbours of file %d of %d', (index, total, expected) => {
    expect(neighboursToPrefetch(index, total)).toEqual(expected);
  });
});
