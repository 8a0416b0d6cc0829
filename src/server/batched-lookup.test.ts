import { describe, expect, it } from 'vitest';
import { batchedLookup } from './batched-lookup';

describe('batchedLookup', () => {
  it('answers every caller of one turn from one lookup of their distinct keys', async () => {
    const calls: number[][] = [];
    const squareOf = batchedLookup(async (keys: number[]) => {
      calls.push(keys);
      return new Map(keys.filter((key) => key !== 4).map((key) => [key, key * key]));
    });
    const answers = await Promise.all([squareOf(2), squareOf(3), squareOf(2), squareOf(4)]);
    expect(answers).toEqual([4, 9, 4, undefined]);
    expect(calls).toEqual([[2, 3, 4]]);

    // A later turn is a new batch.
    expect(await squareOf(5)).toBe(25);
    expect(calls).toEqual([[2, 3, 4], [5]]);
  });

  it('fails every caller of the batch when the lookup fails, and the next batch runs anew', async () => {
    let fail = true;
    const lookup = batchedLookup(async (keys: string[]) => {
      if (fail) throw new Error('database gone');
      return new Map(keys.map((key) => [key, key.length]));
    });
    const settled = await Promise.allSettled([lookup('a'), lookup('bb')]);
    expect(settled.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await lookup('ccc')).toBe(3);
  });
});
