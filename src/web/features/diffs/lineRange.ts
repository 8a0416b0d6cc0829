import type { DiffFile, DiffLine } from '../../../shared/api/diffs';
import type { NotePosition } from '../../../shared/api/notes';

/** Spec 001 section 5: the default hint of a diff line's comment button. */
export const ADD_COMMENT_HINT = 'Add a comment to this line or drag for multiple lines';

/** Hunk headers and git's no-newline markers carry no comment; every other line of the diff may. */
export function isCommentableLine(line: DiffLine): boolean {
  return line.line_code !== null && (line.type === null || line.type === 'new' || line.type === 'old');
}

/** Indexes into the lines shown, start at or before end. */
export type LineRange = { start: number; end: number };

/** A drag goes either way; the comment sits on its last line. */
export function orderedRange(from: number, to: number): LineRange {
  return from <= to ? { start: from, end: to } : { start: to, end: from };
}

/** How GitLab names a line in "Commenting on lines": `+5` added, `-3` removed, `7` unchanged. */
export function lineLabel(line: DiffLine): string {
  if (line.type === 'old') return `-${line.old_line ?? ''}`;
  if (line.type === 'new') return `+${line.new_line ?? ''}`;
  return String(line.new_line ?? line.old_line ?? '');
}

/**
 * The lines a comment ending at `end` may start at: the commentable lines of its hunk (back to the
 * hunk header) up to the end line itself.
 */
export function rangeStartOptions(
  lines: readonly DiffLine[],
  end: number,
  commentable: (line: DiffLine) => boolean,
): number[] {
  const options: number[] = [];
  for (let index = end; index >= 0; index--) {
    const line = lines[index];
    if (!line || line.type === 'match') break;
    if (commentable(line)) options.unshift(index);
  }
  return options;
}

const rangeEnd = (line: DiffLine) => ({
  line_code: line.line_code ?? '',
  type: line.type === 'new' || line.type === 'old' ? line.type : null,
  old_line: line.old_line,
  new_line: line.new_line,
});

/**
 * Spec 001 section 3: the position of a comment on lines `start..end` of a file (it sits on the
 * last), with the diff's refs, both paths and, for more than one line, the `line_range`.
 */
export function textPosition(
  file: Pick<DiffFile, 'old_path' | 'new_path' | 'diff_refs'>,
  lines: readonly DiffLine[],
  range: LineRange,
): { position: NotePosition; lineCode: string } | null {
  const first = lines[range.start];
  const last = lines[range.end];
  if (!first || !last || last.line_code === null) return null;
  return {
    position: {
      ...file.diff_refs,
      old_path: file.old_path,
      new_path: file.new_path,
      position_type: 'text',
      old_line: last.old_line,
      new_line: last.new_line,
      line_range: range.start === range.end ? null : { start: rangeEnd(first), end: rangeEnd(last) },
    },
    lineCode: last.line_code,
  };
}

const isNewSide = (line: DiffLine) => line.type === null || line.type === 'new';

/**
 * "Insert suggestion": a ```suggestion block holding the new text of the lines commented on, with
 * `-N` reaching back over the range's other new lines. Null on a removed line, which nothing can
 * replace.
 */
export function suggestionTemplate(lines: readonly DiffLine[], range: LineRange): string | null {
  const last = lines[range.end];
  if (!last || !isNewSide(last)) return null;
  const replaced = lines.slice(range.start, range.end + 1).filter(isNewSide);
  const text = replaced.map((line) => line.text.slice(1)).join('\n');
  return `\`\`\`suggestion:-${replaced.length - 1}+0\n${text}\n\`\`\``;
}
