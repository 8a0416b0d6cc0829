import { describe, expect, it } from 'vitest';
import {
  isCommentableLine,
  lineLabel,
  orderedRange,
  rangeStartOptions,
  suggestionTemplate,
  textPosition,
} from './lineRange';
import { diffFile, line } from '../../../../test/support/diff-fixtures';

const lines = [
  line('match', 1, 1, '@@ -1,4 +1,4 @@'),
  line(null, 1, 1, 'const a = 1;'),
  line('old', 2, null, 'const b = 2;'),
  line('new', null, 2, 'const b = 3;'),
  line(null, 3, 3, 'const c = a + b;'),
  line('match', 9, 9, '@@ -9,2 +9,2 @@'),
  line('new', null, 9, 'export { c };'),
];
const file = diffFile({ highlighted_diff_lines: lines });

describe('commenting on lines of a diff', () => {
  it('offers comments on added, removed and unchanged lines, never on hunk headers', () => {
    expect(lines.map(isCommentableLine)).toEqual([false, true, true, true, true, false, true]);
    expect(isCommentableLine({ ...line('new-nonewline', null, 4), line_code: null })).toBe(false);
  });

  it('names lines as GitLab does: +new, -old, plain unchanged', () => {
    expect(lines.slice(1, 5).map(lineLabel)).toEqual(['1', '-2', '+2', '3']);
  });

  it('orders a drag either way, the comment sitting on the last line', () => {
    expect(orderedRange(4, 1)).toEqual({ start: 1, end: 4 });
    expect(orderedRange(2, 3)).toEqual({ start: 2, end: 3 });
  });

  it('lets a range start anywhere in the end line hunk, not across a hunk header', () => {
    expect(rangeStartOptions(lines, 4, isCommentableLine)).toEqual([1, 2, 3, 4]);
    expect(rangeStartOptions(lines, 6, isCommentableLine)).toEqual([6]);
    expect(rangeStartOptions(lines, 4, (l) => l.type !== 'old')).toEqual([1, 3, 4]);
  });

  it('positions a one-line comment with the diff refs, both paths and the line numbers', () => {
    expect(textPosition(file, lines, { start: 3, end: 3 })).toEqual({
      position: {
        ...file.diff_refs,
        old_path: 'src/app.ts',
        new_path: 'src/app.ts',
        position_type: 'text',
        old_line: null,
        new_line: 2,
        line_range: null,
      },
      lineCode: lines[3]!.line_code,
    });
  });

  it('positions a range comment on its last line with the line_range from start to end', () => {
    const placed = textPosition(file, lines, { start: 2, end: 4 });
    expect(placed?.position).toMatchObject({
      old_line: 3,
      new_line: 3,
      line_range: {
        start: { line_code: lines[2]!.line_code, type: 'old', old_line: 2, new_line: null },
        end: { line_code: lines[4]!.line_code, type: null, old_line: 3, new_line: 3 },
      },
    });
    expect(textPosition(file, lines, { start: 0, end: 0 })).toBeNull();
  });

  it('inserts a suggestion holding the new text of the lines, reaching back over the range', () => {
    expect(suggestionTemplate(lines, { start: 3, end: 3 })).toBe('```suggestion:-0+0\nconst b = 3;\n```');
    expect(suggestionTemplate(lines, { start: 1, end: 4 })).toBe(
      '```suggestion:-2+0\nconst a = 1;\nconst b = 3;\nconst c = a + b;\n```',
    );
    expect(suggestionTemplate(lines, { start: 2, end: 2 })).toBeNull();
  });
});
