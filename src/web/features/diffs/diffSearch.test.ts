import { describe, expect, it } from 'vitest';
import { findInDiff, stepMatch } from './diffSearch';
import { line } from '../../../../test/support/diff-fixtures';

const files = [
  {
    file_hash: 'f1',
    highlighted_diff_lines: [
      line('match', 1, 1, '@@ -1,2 +1,2 @@ total'),
      { ...line(null, 1, 1, 'const total = 1;'), line_code: 'f1_1_1' },
      { ...line('old', 2, null, 'return TOTAL;'), line_code: 'f1_2_1' },
    ],
  },
  { file_hash: 'f2', highlighted_diff_lines: [{ ...line('new', null, 1, '+total'), line_code: 'f2_0_1' }] },
];

describe('find in the diff', () => {
  it.each([
    ['total', ['f1_1_1', 'f1_2_1', 'f2_0_1']],
    ['TOTAL;', ['f1_2_1']],
    ['+total', ['f2_0_1']],
    ['@@', []],
    ['   ', []],
    ['absent', []],
  ])('finds %j on %j', (query, codes) => {
    expect(findInDiff(files, query).map((m) => m.lineCode)).toEqual(codes);
  });

  it.each([
    [0, 3, 1, 1],
    [2, 3, 1, 0],
    [0, 3, -1, 2],
    [0, 0, 1, 0],
  ] as const)('steps from match %d of %d by %d to %d', (index, count, step, next) => {
    expect(stepMatch(index, count, step)).toBe(next);
  });
});
