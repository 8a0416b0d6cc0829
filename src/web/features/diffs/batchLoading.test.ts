import { describe, expect, it } from 'vitest';
import {
  advance,
  batchQuery,
  firstBatch,
  neighboursToPrefetch,
  nextBatch,
  planBatches,
  type BatchCursor,
} from './batchLoading';

describe('diff batch loading', () => {
  it.each([
    [5, false, 5],
    [20, false, 20],
    [50, false, 30],
    [20, true, 1],
    [0, false, 1],
  ])('starts with %d per page (file by file: %s) as a batch of %d', (perPage, fileByFile, size) => {
    expect(firstBatch(perPage, fileByFile)).toEqual({ offset: 0, size, multiplier: 1.4 });
  });

  it('grows each batch by a multiplier that starts at 1.4 and rises by 0.2 up to 2', () => {
    const sizes: number[] = [];
    const multipliers: number[] = [];
    for (let c = firstBatch(5, false), i = 0; i < 7; i++, c = nextBatch(c)) {
      sizes.push(c.size);
      multipliers.push(c.multiplier);
    }
    // 5, ceil(5*1.4)=7, ceil(7*1.6)=12, ceil(12*1.8)=22, min(ceil(22*2),30)=30, 30, 30
    expect(sizes).toEqual([5, 7, 12, 22, 30, 30, 30]);
    expect(multipliers).toEqual([1.4, 1.6, 1.8, 2, 2, 2, 2]);
  });

  it.each([
    [0, 20, false, []],
    [3, 20, false, [{ offset: 0, size: 3 }]],
    [
      60,
      20,
      false,
      [
        { offset: 0, size: 20 },
        { offset: 20, size: 28 },
        { offset: 48, size: 12 },
      ],
    ],
    [
      4,
      20,
      true,
      [
        { offset: 0, size: 1 },
        { offset: 1, size: 2 },
        { offset: 3, size: 1 },
      ],
    ],
  ])('plans %d files at %d per page (file by file: %s)', (total, perPage, fileByFile, batches) => {
    expect(planBatches(total, perPage, fileByFile)).toEqual(batches);
  });

  it('covers every file of a 5,000-file merge request exactly once in batches of at most 30', () => {
    const batches = planBatches(5000, 20, false);
    expect(batches.reduce((sum, b) => sum + b.size, 0)).toBe(5000);
    expect(Math.max(...batches.map((b) => b.size))).toBe(30);
    batches.forEach((b, i) =>
      expect(b.offset).toBe(i === 0 ? 0 : batches[i - 1]!.offset + batches[i - 1]!.size),
    );
  });

  it.each([
    [0, 5, [1]],
    [2, 5, [1, 3]],
    [4, 5, [3]],
    [0, 1, []],
  ])('prefetches the neighbours of file %d of %d', (index, total, expected) => {
    expect(neighboursToPrefetch(index, total)).toEqual(expected);
  });

  it.each([
    [
      { offset: 0, size: 5 },
      { page: 1, per_page: 5 },
    ],
    [
      { offset: 5, size: 7 },
      { page: 2, per_page: 5 },
    ],
    [
      { offset: 10, size: 12 },
      { page: 2, per_page: 10 },
    ],
    [
      { offset: 40, size: 30 },
      { page: 3, per_page: 20 },
    ],
    [
      { offset: 60, size: 30 },
      { page: 3, per_page: 30 },
    ],
    [
      { offset: 7, size: 3 },
      { page: 8, per_page: 1 },
    ],
  ])('asks the page endpoint for batch %j as %j', (cursor, query) => {
    expect(batchQuery(cursor)).toEqual(query);
  });

  it('requests every file of a large merge request exactly once, the spec sizes as the upper bound', () => {
    const covered: Array<[number, number]> = [];
    let cursor: BatchCursor = firstBatch(5, false);
    while (cursor.offset < 1000) {
      const { page, per_page } = batchQuery(cursor);
      expect(per_page).toBeLessThanOrEqual(cursor.size);
      covered.push([(page - 1) * per_page, per_page]);
      cursor = advance(cursor, per_page);
    }
    covered.forEach(([offset], i) =>
      expect(offset).toBe(i === 0 ? 0 : covered[i - 1]![0] + covered[i - 1]![1]),
    );
    expect(covered.slice(0, 6).map(([, size]) => size)).toEqual([5, 5, 10, 20, 20, 30]);
    expect(covered.length).toBeLessThan(40);
  });
});
