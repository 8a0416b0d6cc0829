import { describe, expect, it } from 'vitest';
import type { DiffLine } from '../../../shared/api/diffs';
import {
  applyExpansion,
  expandDirections,
  expansionParams,
  hiddenLineCount,
  unfoldTo,
  type ExpandDirection,
} from './contextExpansion';
import { line } from '../../../../test/support/diff-fixtures';

/** A file whose first hunk starts at new line 50 (old 48) and whose second starts at 60 (old 58). */
const twoHunks: DiffLine[] = [
  line('match', 48, 50, '@@ -48,4 +50,4 @@'),
  line(null, 48, 50),
  line('old', 49, null),
  line('new', null, 51),
  line(null, 50, 52),
  line('match', 58, 60, '@@ -58,3 +60,3 @@'),
  line(null, 58, 60),
  line('new', null, 61),
];
/** A hunk 30 lines below the previous one, then the end of the diff (a bottom match line). */
const wideGap: DiffLine[] = [
  line(null, 1, 1),
  line('new', null, 2),
  line('match', 33, 34, '@@ -33,2 +34,2 @@'),
  line(null, 33, 34),
  line('match', 34, 35),
];

describe('the expand buttons of a match line', () => {
  it.each<[string, DiffLine[], number, ExpandDirection[], number | null]>([
    ['top of the file, 49 lines hidden', twoHunks, 0, ['up', 'all'], 49],
    ['between hunks, 7 lines hidden', twoHunks, 5, ['all'], 7],
    ['between hunks, 31 lines hidden', wideGap, 2, ['up', 'down', 'all'], 31],
    ['end of the diff, lines up to the end of the file', wideGap, 4, ['down', 'all'], null],
  ])('%s', (_name, lines, index, directions, hidden) => {
    expect(expandDirections(lines, index)).toEqual(directions);
    expect(hiddenLineCount(lines, index)).toBe(hidden);
  });

  it('offers nothing where two hunks touch', () => {
    const touching = [line(null, 1, 1), line('match', 2, 2), line(null, 2, 2)];
    expect(expandDirections(touching, 1)).toEqual([]);
  });
});

describe('the context lines request of an expansion', () => {
  it.each<[string, DiffLine[], number, ExpandDirection, ReturnType<typeof expansionParams>]>([
    [
      'up from the first hunk: the 20 lines above it, a match line kept above them',
      twoHunks,
      0,
      'up',
      { since: 30, to: 49, offset: 2, unfold: true, bottom: false },
    ],
    [
      'all above the first hunk: from line 1',
      twoHunks,
      0,
      'all',
      { since: 1, to: 49, offset: 2, unfold: false, bottom: false },
    ],
    [
      'all between hunks: the whole gap, no match line left',
      twoHunks,
      5,
      'all',
      { since: 53, to: 59, offset: 2, unfold: false, bottom: false },
    ],
    [
      'up in a wide gap: 20 lines above the next hunk',
      wideGap,
      2,
      'up',
      { since: 14, to: 33, offset: 1, unfold: true, bottom: false },
    ],
    [
      'down in a wide gap: 20 lines below the previous hunk, the match line after them',
      wideGap,
      2,
      'down',
      { since: 3, to: 22, offset: 1, unfold: true, bottom: true },
    ],
    [
      'down at the end of the diff: 20 more lines, the server says whether the file goes on',
      wideGap,
      4,
      'down',
      { since: 35, to: 54, offset: 1, unfold: true, bottom: true },
    ],
    [
      'all at the end of the diff: to the end of the file',
      wideGap,
      4,
      'all',
      { since: 35, offset: 1, unfold: false, bottom: true },
    ],
  ])('%s', (_name, lines, index, direction, params) => {
    expect(expansionParams(lines, index, direction)).toEqual(params);
  });

  it('stops a downward expansion at the next hunk and asks for no match line then', () => {
    const gapOf25 = [line(null, 1, 1), line('match', 27, 27), line(null, 27, 27)];
    expect(expansionParams(gapOf25, 1, 'down')).toEqual({
      since: 2,
      to: 21,
      offset: 0,
      unfold: true,
      bottom: true,
    });
    const gapOf12 = [line(null, 1, 1), line('match', 14, 14), line(null, 14, 14)];
    expect(expansionParams(gapOf12, 1, 'down')).toEqual({
      since: 2,
      to: 13,
      offset: 0,
      unfold: false,
      bottom: true,
    });
  });

  it('numbers the old side from the lines above when a match line has no positions', () => {
    const bare = { ...line('match', 0, 0), meta_data: null };
    expect(expansionParams([line(null, 4, 9), bare], 1, 'all')).toEqual({
      since: 10,
      offset: 5,
      unfold: false,
      bottom: true,
    });
  });
});

describe('applying an expansion', () => {
  it('puts the fetched lines, with any new match line, where the match line was', () => {
    const fetched = [line('match', 30, 32), line(null, 30, 32), line(null, 31, 33)];
    const lines = applyExpansion(twoHunks, 5, fetched);
    expect(lines.map((l) => [l.type, l.old_line, l.new_line])).toEqual([
      ...twoHunks.slice(0, 5).map((l) => [l.type, l.old_line, l.new_line]),
      ['match', 30, 32],
      [null, 30, 32],
      [null, 31, 33],
      [null, 58, 60],
      ['new', null, 61],
    ]);
  });
});

describe('unfolding to a hidden line a thread sits on', () => {
  const shape = (lines: DiffLine[]) => lines.map((l) => [l.type, l.meta_data?.new_pos ?? l.new_line]);

  it('reads the line and 3 on each side, keeping match lines where lines stay hidden', () => {
    const plan = unfoldTo(wideGap, 15)!;
    expect(plan.index).toBe(2);
    // The server puts a match line above the lines read; the gap's own stays below them.
    expect(plan.params).toEqual({ since: 12, to: 18, offset: 1, unfold: true, bottom: false });
    const fetched = [line('match', 11, 12), ...[12, 13, 14, 15, 16, 17, 18].map((n) => line(null, n - 1, n))];
    const lines = applyExpansion(wideGap, plan.index, plan.around(fetched));
    expect(shape(lines.slice(2, 11))).toEqual([
      ['match', 12],
      ...[12, 13, 14, 15, 16, 17, 18].map((n) => [null, n]),
      ['match', 34],
    ]);
    // Both match lines still offer the rest of their gap, numbered one behind on the old side.
    expect(hiddenLineCount(lines, 2)).toBe(9);
    expect(hiddenLineCount(lines, 10)).toBe(15);
    expect(expansionParams(lines, 10, 'all')).toMatchObject({ since: 19, to: 33, offset: 1 });
  });

  it('joins the hunks the read lines reach, with no match line between', () => {
    const nearTop = unfoldTo(wideGap, 4)!;
    expect(nearTop.params).toEqual({ since: 3, to: 7, offset: 1, unfold: false, bottom: false });
    expect(shape(nearTop.around([line(null, 2, 3)]))).toEqual([
      [null, 3],
      ['match', 34],
    ]);
    const nearNext = unfoldTo(wideGap, 31)!;
    expect(nearNext.params).toEqual({ since: 28, to: 33, offset: 1, unfold: true, bottom: false });
    expect(shape(nearNext.around([line(null, 32, 33)]))).toEqual([[null, 33]]);
  });

  it('unfolds above the first hunk, and below the end of the diff where the server adds the match line', () => {
    expect(unfoldTo(twoHunks, 10)).toMatchObject({
      index: 0,
      params: { since: 7, to: 13, offset: 2, unfold: true, bottom: false },
    });
    const end = unfoldTo(wideGap, 40)!;
    expect(end.index).toBe(4);
    expect(end.params).toEqual({ since: 37, to: 43, offset: 1, unfold: true, bottom: true });
    expect(shape(end.around([line(null, 42, 43), line('match', 42, 43)]))).toEqual([
      ['match', 35],
      [null, 43],
      ['match', 43],
    ]);
  });

  it('has nothing to unfold for a line shown or inside a hunk', () => {
    expect(unfoldTo(twoHunks, 52)).toBeNull();
    expect(unfoldTo(twoHunks, 51)).toBeNull();
    expect(unfoldTo(wideGap, 34)).toBeNull();
  });
});
