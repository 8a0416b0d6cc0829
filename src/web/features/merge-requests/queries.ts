import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { MergeRequest, MergeRequestCommit, MergeRequestPage } from '../../../shared/api/mergeRequests';
import type { BranchJson } from '../../../shared/api/repository';
import { request } from '../../api/client';
import { requestPage, requestTotal, type Paged } from '../../lib/pagination';
import { projectApi } from '../../lib/projectApi';
import {
  mergeRequestKeys,
  mergeRequestPagePath,
  mergeRequestsApi,
  type ListFilter,
  type ListState,
} from '../../lib/mergeRequests';

export const PER_PAGE = 20;

/** One page of a project's merge requests, with the total for pagination. */
export function useMergeRequests(fullPath: string, filter: ListFilter) {
  return useQuery({
    queryKey: mergeRequestKeys.list(fullPath, filter),
    queryFn: ({ signal }) =>
      requestPage<MergeRequest>(mergeRequestsApi(fullPath), {
        query: {
          state: filter.state,
          search: filter.search,
          page: filter.page,
          per_page: PER_PAGE,
          labels: filter.labels.length ? filter.labels.join(',') : undefined,
          // Labels as objects, for their colours.
          with_labels_details: true,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** How many merge requests each tab holds: the list's `X-Total` for a one-item page per state. */
export function useMergeRequestCounts(
  fullPath: string,
  states: readonly ListState[],
  search: string,
  labels: string[] = [],
) {
  return useQueries({
    queries: states.map((state) => ({
      queryKey: mergeRequestKeys.count(fullPath, state, search, labels),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        requestTotal(mergeRequestsApi(fullPath), {
          query: { state, search, labels: labels.length ? labels.join(',') : undefined },
          signal,
        }),
    })),
  });
}

/** The merge request page's JSON: REST fields, rendered HTML and what the viewer may do. */
export function useMergeRequestPage(fullPath: string, iid: number) {
  return useQuery({
    queryKey: mergeRequestKeys.page(fullPath, iid),
    queryFn: ({ signal }) =>
      request<MergeRequestPage>(`${mergeRequestPagePath(fullPath, iid)}.json`, { signal }),
  });
}

/** One page of the request's commits, newest (its head) first, with their total. */
export type CommitsPage = Paged<MergeRequestCommit>;

export function useMergeRequestCommits(fullPath: string, iid: number, page: number) {
  return useQuery({
    queryKey: mergeRequestKeys.commits(fullPath, iid, page),
    queryFn: ({ signal }): Promise<CommitsPage> =>
      requestPage<MergeRequestCommit>(`${mergeRequestsApi(fullPath)}/${iid}/commits`, {
        query: { page, per_page: PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Branches to pick a source and a target from (the first 100, default branch included). */
export function useBranches(fullPath: string) {
  return useQuery({
    queryKey: mergeRequestKeys.branches(fullPath),
    queryFn: ({ signal }) =>
      request<BranchJson[]>(`${projectApi(fullPath)}/repository/branches`, {
        query: { per_page: 100 },
        signal,
      }),
  });
}
