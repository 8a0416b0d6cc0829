import { describe, expect, it } from 'vitest';
import { shownLines, unexpanded } from './fileExpansion';
import { line } from '../../../../test/support/diff-fixtures';

const diff = { highlighted_diff_lines: [line('match', 10, 10), line('new', null, 10)] };
const expanded = [line(null, 9, 9), line('new', null, 10)];
const whole = [line(null, 1, 1), line('new', null, 2)];

describe('the lines a file shows', () => {
  it.each([
    ['the diff as the server sent it', unexpanded, diff.highlighted_diff_lines],
    ['the diff with the lines the reader expanded', { ...unexpanded, lines: expanded }, expanded],
    [
      'the whole file, over any expansion',
      { ...unexpanded, lines: expanded, full: { kind: 'full' as const, lines: whole } },
      whole,
    ],
    [
      'the diff while the whole file loads',
      { ...unexpanded, full: { kind: 'loading' as const } },
      diff.highlighted_diff_lines,
    ],
  ])('%s', (_name, expansion, lines) => {
    expect(shownLines(diff, expansion)).toEqual(lines);
  });
});
