import type { DiffFile, DiffLine } from '../../../shared/api/diffs';
import { lineCode } from '../../../shared/diff/lineCode';
import { viewerKind } from './viewerKind';

/** Spec 4 "Full file view: loading, showing full file, or error (alert shown)"; `changes` is the diff alone. */
export type FullFileState =
  | { kind: 'changes' }
  | { kind: 'loading' }
  | { kind: 'full'; lines: readonly DiffLine[] }
  | { kind: 'error' };

export type FullFileEvent =
  | { type: 'toggle' }
  | { type: 'loaded'; lines: readonly DiffLine[] }
  | { type: 'failed' }
  | { type: 'dismiss' };

export const changesOnly: FullFileState = { kind: 'changes' };

/**
 * Whether the header offers the full-file toggle: a text diff of a file the server can read
 * whole, unless the diff already is the whole file (a new file, or `is_fully_expanded`).
 */
export const canShowFullFile = (file: DiffFile): boolean =>
  file.context_lines_path !== null &&
  !file.is_fully_expanded &&
  !file.new_file &&
  viewerKind(file) === 'text';

/**
 * The full-file toggle: asking loads the file (again after an error), asking while it loads
 * changes nothing, and a full file goes back to the changes alone. A late answer is dropped
 * unless the file is still loading.
 */
export function nextFullFile(state: FullFileState, event: FullFileEvent): FullFileState {
  switch (event.type) {
    case 'toggle':
      if (state.kind === 'full') return changesOnly;
      return { kind: 'loading' };
    case 'loaded':
      return state.kind === 'loading' ? { kind: 'full', lines: event.lines } : state;
    case 'failed':
      return state.kind === 'loading' ? { kind: 'error' } : state;
    case 'dismiss':
      return state.kind === 'error' ? changesOnly : state;
  }
}

/**
 * The whole file with the changes in place: the diff's lines where it has them (removed lines
 * included) and the file's unchanged lines in every gap, numbered on the old side by how many
 * lines the changes above them added or removed. Match lines go: nothing is hidden any more.
 */
export function mergeFullFile(
  fileHash: string,
  diffLines: readonly DiffLine[],
  fileLines: readonly DiffLine[],
): DiffLine[] {
  const merged: DiffLine[] = [];
  let next = 1;
  let shift = 0;
  const fill = (until: number) => {
    for (; next < until && next <= fileLines.length; next++) {
      const line = fileLines[next - 1]!;
      const old = next - shift;
      merged.push({ ...line, old_line: old, new_line: next, line_code: lineCode(fileHash, old, next) });
    }
  };
  for (const line of diffLines) {
    if (line.type === 'match') continue;
    if (line.new_line !== null) fill(line.new_line);
    merged.push(line);
    if (line.type === 'new') shift++;
    if (line.type === 'old') shift--;
    if (line.new_line !== null) next = Math.max(next, line.new_line + 1);
  }
  fill(fileLines.length + 1);
  return merged;
}
