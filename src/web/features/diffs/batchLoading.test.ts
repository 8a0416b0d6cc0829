import { describe, expect, it } from 'vitest';
import { firstBatch, neighboursToPrefetch, nextBatch, planBatches } from './batchLoading';

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
});
