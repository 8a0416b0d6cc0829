import type { DiffLine } from '../../../shared/api/diffs';

/** One row of the side-by-side view: the old side on the left, the new side on the right. */
export type ParallelRow =
  { kind: 'match'; line: DiffLine } | { kind: 'pair'; left: DiffLine | null; right: DiffLine | null };

const isOld = (line: DiffLine) => line.type === 'old' || line.type === 'old-nonewline';
const isNew = (line: DiffLine) => line.type === 'new' || line.type === 'new-nonewline';

/**
 * Pairs the inline lines for the parallel view: unchanged lines sit on both sides; a run of
 * removed lines followed by added lines is laid out row by row, the longer side padded with gaps.
 */
export function toParallelRows(lines: readonly DiffLine[]): ParallelRow[] {
  const rows: ParallelRow[] = [];
  let olds: DiffLine[] = [];
  let news: DiffLine[] = [];
  const flush = () => {
    for (let i = 0; i < Math.max(olds.length, news.length); i++) {
      rows.push({ kind: 'pair', left: olds[i] ?? null, right: news[i] ?? null });
    }
    olds = [];
    news = [];
  };
  for (const line of lines) {
    if (isOld(line)) {
      if (news.length > 0) flush();
      olds.push(line);
    } else if (isNew(line)) {
      news.push(line);
    } else {
      flush();
      rows.push(line.type === 'match' ? { kind: 'match', line } : { kind: 'pair', left: line, right: line });
    }
  }
  flush();
  return rows;
}
