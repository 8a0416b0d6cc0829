import { describe, expect, it } from 'vitest';
import { cutAvatarList, truncate } from './displayLimits';

describe('display limits (spec 001 §9)', () => {
  it.each([
    ['short', 'short'],
    ['x'.repeat(30), 'x'.repeat(30)],
    ['x'.repeat(31), `${'x'.repeat(27)}...`],
  ])('truncates %s to %s', (text, shown) => {
    expect(truncate(text)).toBe(shown);
  });

  it.each([
    [3, 3, 0],
    [10, 10, 0],
    [14, 10, 4],
  ])('%i avatars show %i and %i more', (count, shown, more) => {
    const list = cutAvatarList(Array.from({ length: count }, (_, i) => i));
    expect([list.shown.length, list.more]).toEqual([shown, more]);
  });
});
