import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { DiffFile } from '../../../shared/api/diffs';
import { applyExpansion, expansionParams, type ExpandDirection } from './contextExpansion';
import { unexpanded, type FileExpansion } from './fileExpansion';
import { changesOnly, mergeFullFile, nextFullFile, type FullFileEvent } from './fullFile';
import { contextLinesQuery, type DiffSelection } from './queries';

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

  const expand = useCallback(
    (file: DiffFile, index: number, direction: ExpandDirection) => {
      const path = file.context_lines_path;
      const current = latest.current?.get(file.file_hash) ?? unexpanded;
      if (!path || current.expanding !== null) return;
      const lines = current.lines ?? file.highlighted_diff_lines;
      update(file.file_hash, (state) => ({ ...state, expanding: index, expandFailed: false }));
      client.fetchQuery(contextLinesQuery(path, expansionParams(lines, index, direction))).then(
        (fetched) =>
          update(file.file_hash, (state) => ({
            ...state,
            lines: applyExpansion(state.lines ?? file.highlighted_diff_lines, index, fetched),
            expanding: null,
          })),
        () => update(file.file_hash, (state) => ({ ...state, expanding: null, expandFailed: true })),
      );
    },
    [client, update],
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

  return { expansionOf, expand, toggleFullFile, dismissFullFileError, dismissExpandError };
}
