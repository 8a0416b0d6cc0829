import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { DiffFile, DiffLine } from '../../../shared/api/diffs';
import {
  applyExpansion,
  expansionParams,
  unfoldTo,
  type ContextLinesParams,
  type ExpandDirection,
} from './contextExpansion';
import { unexpanded, type FileExpansion } from './fileExpansion';
import { changesOnly, mergeFullFile, nextFullFile, type FullFileEvent } from './fullFile';
import type { DiffSelection } from './diffSelection';
import { contextLinesQuery } from './queries';

type Store = { selection: DiffSelection; files: ReadonlyMap<string, FileExpansion> };

/**
 * The expansions of every file, kept above the virtualized list so that a file scrolled out and
 * back keeps them; a new selection (version, whitespace) starts over, as its lines are new.
 */
export function useFileExpansions(selection: DiffSelection) {
  const client = useQueryClient();
  const [store, setStore] = useState<Store>({ selection, files: new Map() });
  const files = store.selection === selection ? store.files : null;
  // Read by the click handlers, so that they stay the same functions and memoized files skip renders.
  const latest = useRef(files);
  useLayoutEffect(() => {
    latest.current = files;
  }, [files]);

  const update = useCallback(
    (hash: string, change: (current: FileExpansion) => FileExpansion) =>
      setStore((current) => {
        const map = new Map(current.selection === selection ? current.files : []);
        map.set(hash, change(map.get(hash) ?? unexpanded));
        return { selection, files: map };
      }),
    [selection],
  );
  const fullFileEvent = useCallback(
    (hash: string, event: FullFileEvent) =>
      update(hash, (current) => ({ ...current, full: nextFullFile(current.full, event) })),
    [update],
  );

  /** Replaces the match line at `index` by what `build` makes of the lines read: one load at a time per file. */
  const load = useCallback(
    (
      file: DiffFile,
      index: number,
      params: ContextLinesParams,
      build: (fetched: DiffLine[]) => DiffLine[],
    ) => {
      const path = file.context_lines_path;
      if (!path) return;
      update(file.file_hash, (state) => ({ ...state, expanding: index, expandFailed: false }));
      client.fetchQuery(contextLinesQuery(path, params)).then(
        (fetched) =>
          update(file.file_hash, (state) => ({
            ...state,
            lines: applyExpansion(state.lines ?? file.highlighted_diff_lines, index, build(fetched)),
            expanding: null,
          })),
        () => update(file.file_hash, (state) => ({ ...state, expanding: null, expandFailed: true })),
      );
    },
    [client, update],
  );

  /** The lines a file shows now, unless it is loading some or shows the whole file (nothing to expand). */
  const expandableLines = useCallback((file: DiffFile) => {
    const current = latest.current?.get(file.file_hash) ?? unexpanded;
    if (current.expanding !== null || current.full.kind === 'full') return null;
    return current.lines ?? file.highlighted_diff_lines;
  }, []);

  const expand = useCallback(
    (file: DiffFile, index: number, direction: ExpandDirection) => {
      const lines = expandableLines(file);
      if (lines) load(file, index, expansionParams(lines, index, direction), (fetched) => fetched);
    },
    [expandableLines, load],
  );

  /** Shows a hidden line a thread sits on (written on expanded context), with a few lines around it. */
  const unfold = useCallback(
    (file: DiffFile, newLine: number) => {
      const lines = expandableLines(file);
      const plan = lines && unfoldTo(lines, newLine);
      if (plan) load(file, plan.index, plan.params, plan.around);
    },
    [expandableLines, load],
  );

  const toggleFullFile = useCallback(
    (file: DiffFile) => {
      const path = file.context_lines_path;
      if (!path) return;
      const current = latest.current?.get(file.file_hash)?.full ?? changesOnly;
      fullFileEvent(file.file_hash, { type: 'toggle' });
      // Only the click that starts loading reads the file; one while it loads changes nothing.
      if (current.kind === 'loading' || nextFullFile(current, { type: 'toggle' }).kind !== 'loading') return;
      client.fetchQuery(contextLinesQuery(path, { full: true })).then(
        (fetched) =>
          fullFileEvent(file.file_hash, {
            type: 'loaded',
            lines: mergeFullFile(file.file_hash, file.highlighted_diff_lines, fetched),
          }),
        () => fullFileEvent(file.file_hash, { type: 'failed' }),
      );
    },
    [client, fullFileEvent],
  );

  const dismissFullFileError = useCallback(
    (hash: string) => fullFileEvent(hash, { type: 'dismiss' }),
    [fullFileEvent],
  );
  const dismissExpandError = useCallback(
    (hash: string) => update(hash, (state) => ({ ...state, expandFailed: false })),
    [update],
  );
  const expansionOf = useCallback((hash: string) => files?.get(hash) ?? unexpanded, [files]);

  return { expansionOf, expand, unfold, toggleFullFile, dismissFullFileError, dismissExpandError };
}
