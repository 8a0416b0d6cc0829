import { describe, expect, it } from 'vitest';
import type { DiffLine } from '../api/diffs';
import { NUMBER_OF_TRUNCATED_DIFF_LINES, truncatedDiffLines } from './truncatedDiffLines';

type Line = Pick<DiffLine, 'type' | 'old_line' | 'new_line'>;
const header: Line = { type: 'match', old_line: null, new_line: null };
const context = (old_line: number, new_line: number): Line => ({ type: null, old_line, new_line });
const added = (new_line: number): Line => ({ type: 'new', old_line: null, new_line });
const removed = (old_line: number): Line => ({ type: 'old', old_line, new_line: null });

/** Two hunks: lines 1-3 of the first, then a long second one (context 10-29, an addition at 30). */
const secondHunk = Array.from({ length: 20 }, (_, i) => context(i + 10, i + 10));
const lines: Line[] = [
  header,
  context(1, 1),
  removed(2),
  added(2),
  context(3, 3),
  header,
  ...secondHunk,
  added(30),
];

describe('truncatedDiffLines', () => {
  it.each([
    [
      'an added line after a removed one',
      { old_line: null, new_line: 2 },
      [context(1, 1), removed(2), added(2)],
    ],
    ['a removed line', { old_line: 2, new_line: null }, [context(1, 1), removed(2)]],
    ['the first line of a hunk', { old_line: 1, new_line: 1 }, [context(1, 1)]],
    [
      'a line of the second hunk, not reaching back into the first',
      { old_line: 11, new_line: 11 },
      [context(10, 10), context(11, 11)],
    ],
    ['a line not in the diff', { old_line: 5, new_line: 5 }, []],
    ['no line at all (an image point)', {}, []],
  ] as const)('%s', (_name, place, expected) => {
    expect(truncatedDiffLines(lines, place)).toEqual(expected);
  });

  it('keeps only the last 16 lines up to and including the commented one', () => {
    const excerpt = truncatedDiffLines(lines, { old_line: null, new_line: 30 });
    expect(excerpt).toHaveLength(NUMBER_OF_TRUNCATED_DIFF_LINES);
    expect(excerpt.at(-1)).toEqual(added(30));
    expect(excerpt[0]).toEqual(context(15, 15));
  });

  it('never counts a hunk header as a line', () => {
    const excerpt = truncatedDiffLines([header, context(1, 1), header, context(9, 9)], {
      old_line: 9,
      new_line: 9,
    });
    expect(excerpt).toEqual([context(9, 9)]);
  });
});
