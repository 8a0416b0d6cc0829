import type { DiffLine } from '../api/diffs';

/** GitLab's `OVERFLOW_LINES_COUNT`: lines shown on each side of the changed line. */
export const OUTDATED_CHANGE_CONTEXT = 2;

type ChangeLine = Pick<DiffLine, 'type' | 'old_line'>;

/**
 * What a push did to a commented line (GitLab's OutdatedDiscussionDiffLinesService), read from
 * the diff between the old and the new head: the commented line is the old side's `line`; the
 * change runs on to the first line that replaced it, and the lines around that one are shown,
 * none from before a hunk header. Null when that diff does not hold the line.
 */
export function outdatedLineChange<L extends ChangeLine>(
  lines: readonly L[],
  line: number,
): { commented: L; lines: L[] } | null {
  const found = lines.findIndex((l) => l.old_line === line && (l.type === null || l.type === 'old'));
  const commented = lines[found];
  if (!commented) return null;
  let end = found;
  for (let i = found + 1; i < lines.length; i += 1) {
    const type = lines[i]?.type ?? null;
    // An unchanged line or the next hunk: the change ended before it.
    if (type === null || type === 'match') break;
    end = i;
    if (type === 'new') break;
  }
  const shown = lines.slice(Math.max(0, end - OUTDATED_CHANGE_CONTEXT), end + OUTDATED_CHANGE_CONTEXT + 1);
  const header = shown.findLastIndex((l) => l.type === 'match');
  return { commented, lines: shown.slice(header + 1) };
}
