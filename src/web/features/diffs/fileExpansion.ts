import type { DiffFile, DiffLine } from '../../../shared/api/diffs';
import { changesOnly, type FullFileState } from './fullFile';

/** What a reader did to one file's lines: context expanded, full file asked for. */
export type FileExpansion = {
  /** The lines after expansions; null while the diff's own lines are shown. */
  lines: readonly DiffLine[] | null;
  /** The match line whose lines are loading: one expansion at a time, as indexes move after it. */
  expanding: number | null;
  /** The last expansion failed; the alert stays until dismissed or the next expansion. */
  expandFailed: boolean;
  full: FullFileState;
};

export const unexpanded: FileExpansion = {
  lines: null,
  expanding: null,
  expandFailed: false,
  full: changesOnly,
};

/** The lines a text file shows: the whole file when asked for, else the diff with its expansions. */
export function shownLines(
  file: Pick<DiffFile, 'highlighted_diff_lines'>,
  expansion: FileExpansion,
): readonly DiffLine[] {
  if (expansion.full.kind === 'full') return expansion.full.lines;
  return expansion.lines ?? file.highlighted_diff_lines;
}
