import type { DiffLine } from '../../../shared/api/diffs';

/** Lines one click on "expand above" or "expand below" brings in, as GitLab's UNFOLD_COUNT. */
export const UNFOLD_COUNT = 20;

export type ExpandDirection = 'up' | 'down' | 'all';

/** The context lines endpoint's parameters (spec 7.3: offset, unfold, since, to, bottom). */
export type ContextLinesParams = {
  since: number;
  /** Left out to read up to the end of the file. */
  to?: number;
  /** new line - old line across the gap: the server numbers the old side with it. */
  offset: number;
  /** Ask the server for a new match line where unchanged lines remain hidden. */
  unfold: boolean;
  /** Expanding downwards: the new match line goes after the lines, not before. */
  bottom: boolean;
};

/** The unchanged lines hidden at a match line: after `after` (new side) and before `before`. */
type Gap = { after: number; before: number | null; offset: number };

const isMatch = (line: DiffLine) => line.type === 'match';

/**
 * Where a match line's hidden lines sit, from its shown neighbours: the last line before it and
 * the first after it that have a new-side number (removed lines have none). A match line with
 * nothing after it is the end of the diff, whose hidden lines run to the end of the file.
 */
function gapAt(lines: readonly DiffLine[], index: number): Gap {
  let after = 0;
  let before: number | null = null;
  let previous: DiffLine | null = null;
  for (let i = index - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (!isMatch(line) && line.new_line !== null) {
      after = line.new_line;
      previous = line;
      break;
    }
  }
  for (let i = index + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!isMatch(line) && line.new_line !== null) {
      before = line.new_line;
      break;
    }
  }
  const meta = lines[index]?.meta_data;
  let offset = 0;
  if (meta) offset = meta.new_pos - meta.old_pos;
  else if (previous?.old_line != null && previous.new_line !== null)
    offset = previous.new_line - previous.old_line;
  return { after, before, offset };
}

/** How many hidden lines a match line stands for; null when they run to an unknown end of file. */
export function hiddenLineCount(lines: readonly DiffLine[], index: number): number | null {
  const gap = gapAt(lines, index);
  return gap.before === null ? null : gap.before - gap.after - 1;
}

/**
 * The expand buttons a match line offers. A gap of at most {@link UNFOLD_COUNT} lines only has
 * "all"; the top of the file can only grow upwards from the first hunk, the end of the diff only
 * downwards from the last one.
 */
export function expandDirections(lines: readonly DiffLine[], index: number): ExpandDirection[] {
  const gap = gapAt(lines, index);
  if (gap.before === null) return ['down', 'all'];
  const hidden = gap.before - gap.after - 1;
  if (hidden <= 0) return [];
  if (hidden <= UNFOLD_COUNT) return ['all'];
  return gap.after === 0 ? ['up', 'all'] : ['up', 'down', 'all'];
}

/**
 * The context lines request that expands the match line at `index` in `direction`, as GitLab's
 * expansion cell builds it: up reads the lines just above the next hunk, down those just below
 * the previous one, all the whole gap; `unfold` asks for a new match line while lines remain.
 */
export function expansionParams(
  lines: readonly DiffLine[],
  index: number,
  direction: ExpandDirection,
): ContextLinesParams {
  const { after, before, offset } = gapAt(lines, index);
  const first = after + 1;
  switch (direction) {
    case 'up': {
      const to = (before ?? first) - 1;
      const since = Math.max(first, to - UNFOLD_COUNT + 1);
      return { since, to, offset, unfold: since > first, bottom: false };
    }
    case 'down': {
      const to = first + UNFOLD_COUNT - 1;
      if (before !== null && to >= before - 1) {
        return { since: first, to: before - 1, offset, unfold: false, bottom: true };
      }
      return { since: first, to, offset, unfold: true, bottom: true };
    }
    case 'all':
      return before === null
        ? { since: first, offset, unfold: false, bottom: true }
        : { since: first, to: before - 1, offset, unfold: false, bottom: false };
  }
}

/**
 * The file's lines once the match line at `index` is replaced by what the server returned: the
 * unchanged lines, and with them a new match line where some are still hidden.
 */
export function applyExpansion(
  lines: readonly DiffLine[],
  index: number,
  fetched: readonly DiffLine[],
): DiffLine[] {
  return [...lines.slice(0, index), ...fetched, ...lines.slice(index + 1)];
}

/** GitLab's `UNFOLD_CONTEXT_SIZE`: the unchanged lines shown on each side of a thread on hidden context. */
export const UNFOLD_CONTEXT_SIZE = 3;

/** How to show a hidden line: the match line to replace, what to read, and the lines that replace it. */
export type Unfold = {
  index: number;
  params: ContextLinesParams;
  /** The read lines with match lines around them where hidden lines remain. */
  around: (fetched: readonly DiffLine[]) => DiffLine[];
};

/**
 * Showing hidden new line `newLine` (a thread written on expanded context), as GitLab unfolds it:
 * the line and up to 3 lines on each side, in place of the match line of its gap, with a match line
 * wherever lines stay hidden: the gap's own on the side away from the server's end of the range,
 * a new one from the server on the other (above between hunks, below at the end of the diff).
 * Null when no match line hides that line.
 */
export function unfoldTo(lines: readonly DiffLine[], newLine: number): Unfold | null {
  const index = lines.findIndex((line, i) => {
    if (!isMatch(line)) return false;
    const gap = gapAt(lines, i);
    return newLine > gap.after && (gap.before === null || newLine < gap.before);
  });
  if (index < 0) return null;
  const { after, before, offset } = gapAt(lines, index);
  const own = lines[index]!;
  const since = Math.max(after + 1, newLine - UNFOLD_CONTEXT_SIZE);
  const hiddenAbove = since > after + 1;
  if (before === null) {
    return {
      index,
      params: { since, to: newLine + UNFOLD_CONTEXT_SIZE, offset, unfold: true, bottom: true },
      around: (fetched) => [...(hiddenAbove ? [own] : []), ...fetched],
    };
  }
  const to = Math.min(before - 1, newLine + UNFOLD_CONTEXT_SIZE);
  return {
    index,
    params: { since, to, offset, unfold: hiddenAbove, bottom: false },
    around: (fetched) => [...fetched, ...(to < before - 1 ? [own] : [])],
  };
}
