import {
  useInfiniteQuery,
  useQueries,
  useQuery,
  useQueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type {
  CoverageReport,
  DiffFile,
  DiffFileMetadata,
  DiffForPath,
  DiffLine,
  DiffPreferences as UserDiffPreferences,
  DiffsBatch,
  DiffsMetadata,
} from '../../../shared/api/diffs';
import { request, requestWithHeaders } from '../../api/client';
import { firstBatch, isLastBatch, nextBatch, type BatchCursor } from './batchLoading';
import type { ContextLinesParams } from './contextExpansion';
import { nextCoveragePoll, type CoverageAnswer } from './coverage';
import type { FileBody } from './DiffFileCard';
import { mergeRequestPagePath } from '../../lib/mergeRequests';
import type { DiffSelection } from './diffSelection';
import {
  CONFIGURED_PER_PAGE,
  diffsBatchUrl,
  diffsMetadataUrl,
  selectionQuery,
  USER_PREFERENCES_API,
} from './diffsRequests';

export const diffKeys = {
  all: (fullPath: string, iid: number) => ['diffs', fullPath, iid] as const,
  metadata: (fullPath: string, iid: number, s: DiffSelection) =>
    [...diffKeys.all(fullPath, iid), 'metadata', s] as const,
  batches: (fullPath: string, iid: number, s: DiffSelection, fileByFile: boolean) =>
    [...diffKeys.all(fullPath, iid), 'batches', s, fileByFile] as const,
  file: (
    fullPath: string,
    iid: number,
    s: DiffSelection,
    file: Pick<DiffFileMetadata, 'old_path' | 'new_path'>,
  ) => [...diffKeys.all(fullPath, iid), 'file', s, file.old_path, file.new_path] as const,
  /** Context lines are read at a commit sha, so one answer holds for every selection. */
  contextLines: (contextLinesPath: string, params: ContextLinesParams | { full: true }) =>
    ['diffs', 'context-lines', contextLinesPath, params] as const,
};

/**
 * A file's unchanged lines from its `context_lines_path` (spec 7.3): a range to expand a match
 * line, or the whole file with `full=true`. Read on demand, by a click, hence fetchQuery options.
 */
export const contextLinesQuery = (contextLinesPath: string, params: ContextLinesParams | { full: true }) => ({
  queryKey: diffKeys.contextLines(contextLinesPath, params),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    request<DiffLine[]>(contextLinesPath, { query: params, signal }),
  staleTime: Infinity,
});

/** `diffs_metadata.json`: every file without its lines, the versions, the totals. */
export function useDiffsMetadata(fullPath: string, iid: number, selection: DiffSelection) {
  return useQuery({
    queryKey: diffKeys.metadata(fullPath, iid, selection),
    queryFn: ({ signal }) => request<DiffsMetadata>(diffsMetadataUrl(fullPath, iid, selection), { signal }),
  });
}

/**
 * Every file's lines from `diffs_batch.json`, batch after batch as spec section 9 sizes them, one
 * request at a time so that the first files paint while the rest stream in. A change of
 * whitespace or version is a new key: the loaded files are dropped and loading starts over.
 */
export function useDiffBatches(fullPath: string, iid: number, selection: DiffSelection, fileByFile: boolean) {
  const query = useInfiniteQuery({
    queryKey: diffKeys.batches(fullPath, iid, selection, fileByFile),
    initialPageParam: firstBatch(CONFIGURED_PER_PAGE, fileByFile),
    queryFn: ({ pageParam, signal }: { pageParam: BatchCursor; signal: AbortSignal }) =>
      request<DiffsBatch>(diffsBatchUrl(fullPath, iid, selection, pageParam), { signal }),
    // A failed batch says so at once and offers "Try again" (spec section 8) instead of retrying unseen.
    retry: false,
    getNextPageParam: (last, _pages, cursor) =>
      isLastBatch(cursor.offset, last) ? undefined : nextBatch(cursor),
  });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  return query;
}

const fileQuery = (fullPath: string, iid: number, selection: DiffSelection, file: DiffFileMetadata) => ({
  queryKey: diffKeys.file(fullPath, iid, selection, file),
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<DiffFile | null> => {
    const data = await request<DiffForPath>(`${mergeRequestPagePath(fullPath, iid)}/diff_for_path.json`, {
      query: { ...selectionQuery(selection), old_path: file.old_path, new_path: file.new_path },
      signal,
    });
    return data.diff_files[0] ?? null;
  },
  staleTime: 60_000,
});

/** One file's lines from `diff_for_path.json` (file-by-file mode and files the server collapsed). */
export function useDiffForPath(
  fullPath: string,
  iid: number,
  selection: DiffSelection,
  file: DiffFileMetadata | undefined,
  enabled: boolean,
) {
  return useQuery({
    ...fileQuery(fullPath, iid, selection, file ?? ({ old_path: '', new_path: '' } as DiffFileMetadata)),
    enabled: enabled && file !== undefined,
  });
}

/**
 * The lines of files the batches sent collapsed (past the collapse limits, without lines) and the
 * reader expanded, each read from its `load_collapsed_diff_url` (spec 7.3), by file hash. Cached
 * under the file's diff_for_path key: it is that address, with the selection's parameters.
 */
export function useCollapsedDiffs(
  fullPath: string,
  iid: number,
  selection: DiffSelection,
  files: DiffFile[],
): ReadonlyMap<string, FileBody> {
  // A stable combine keeps the map the same object while nothing changed, so the page's file
  // maps built on it are not rebuilt on every render.
  const combine = useCallback(
    (results: Array<UseQueryResult<DiffFile | null>>) =>
      new Map(
        results.map((result, index): [string, FileBody] => {
          const hash = files[index]!.file_hash;
          if (result.data) return [hash, { kind: 'loaded', file: result.data }];
          if (result.isError) return [hash, { kind: 'error', retry: () => void result.refetch() }];
          return [hash, { kind: 'loading' }];
        }),
      ),
    [files],
  );
  return useQueries({
    queries: files.map((file) => ({
      queryKey: diffKeys.file(fullPath, iid, selection, file),
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<DiffFile | null> =>
        (await request<DiffForPath>(file.load_collapsed_diff_url, { signal })).diff_files[0] ?? null,
      staleTime: 60_000,
      retry: false,
    })),
    combine,
  });
}

/** File-by-file mode fetches the files around the one shown ahead of time: one before, one after. */
export function usePrefetchFiles(
  fullPath: string,
  iid: number,
  selection: DiffSelection,
  files: DiffFileMetadata[],
) {
  const client = useQueryClient();
  useEffect(() => {
    for (const file of files) void client.prefetchQuery(fileQuery(fullPath, iid, selection, file));
  }, [client, fullPath, iid, selection, files]);
}

/**
 * `coverage_reports.json` (spec 7.3), polled while it answers 204 (reports still parsing) and
 * until the spec's poll timeout; the markers appear once it answers 200.
 */
export function useCoverage(fullPath: string, iid: number) {
  const [startedAt] = useState(() => Date.now());
  return useQuery({
    queryKey: [...diffKeys.all(fullPath, iid), 'coverage'],
    queryFn: async ({ signal }): Promise<CoverageAnswer> => {
      const { data, headers } = await requestWithHeaders<CoverageReport | null>(
        `${mergeRequestPagePath(fullPath, iid)}/coverage_reports.json`,
        { signal },
      );
      if (data === null)
        return { kind: 'pending', pollInterval: Number(headers.get('poll-interval')) || null };
      return { kind: 'ready', report: data };
    },
    refetchInterval: (query) => nextCoveragePoll(query.state.data, Date.now() - startedAt),
    retry: false,
    staleTime: Infinity,
  });
}

export const userPreferencesKey = ['user', 'preferences'] as const;

/** The signed-in user's saved diff settings (`GET /api/v4/user/preferences`). */
export function useUserDiffPreferences(signedIn: boolean) {
  return useQuery({
    queryKey: userPreferencesKey,
    queryFn: ({ signal }) => request<UserDiffPreferences>(USER_PREFERENCES_API, { signal }),
    enabled: signedIn,
    staleTime: 5 * 60_000,
  });
}
