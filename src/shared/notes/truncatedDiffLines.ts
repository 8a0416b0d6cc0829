import type { DiffLine } from '../api/diffs';

/** GitLab's `DiscussionOnDiff::NUMBER_OF_TRUNCATED_DIFF_LINES`: the most lines a diff thread's excerpt shows. */
export const NUMBER_OF_TRUNCATED_DIFF_LINES = 16;

type Line = Pick<DiffLine, 'type' | 'old_line' | 'new_line'>;
type Place = { old_line?: number | null; new_line?: number | null };

// Hunk headers and "no newline" markers are not lines of the file (GitLab's `meta?`).
const isMeta = (line: Line) =>
  line.type === 'match' || line.type === 'old-nonewline' || line.type === 'new-nonewline';

/**
 * A diff thread's `truncated_diff_lines`: the lines of the commented line's hunk up to and
 * including it, at most the last 16; nothing when the line is not in the diff. As GitLab does,
 * the 16 are counted before dropping what precedes a hunk header among them.
 */
export function truncatedDiffLines<L extends Line>(lines: L[], place: Place): L[] {
  const oldLine = place.old_line ?? null;
  const newLine = place.new_line ?? null;
  const index = lines.findIndex(
    (line) => !isMeta(line) && line.old_line === oldLine && line.new_line === newLine,
  );
  if (index < 0) return [];
  const window = lines.slice(Math.max(0, index - NUMBER_OF_TRUNCATED_DIFF_LINES + 1), index + 1);
  const lastMeta = window.findLastIndex(isMeta);
  return window.slice(lastMeta + 1);
}
