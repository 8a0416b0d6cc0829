import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { MergeRequest, MergeRequestCommit, MergeRequestPage } from '../../../shared/api/mergeRequests';
import type { BranchJson } from '../../../shared/api/repository';
import { request, requestWithHeaders } from '../../api/client';
import { projectApi } from '../../lib/projectApi';
import {
  mergeRequestKeys,
  mergeRequestPagePath,
  mergeRequestsApi,
  type ListFilter,
  type ListState,
} from '../../lib/mergeRequests';

export const PER_PAGE = 20;

const totalOf = (headers: Headers): number => Number(headers.get('x-total') ?? 0);

/** One page of a project's merge requests, with the total for pagination. */
export function useMergeRequests(fullPath: string, filter: ListFilter) {
  return useQuery({
    queryKey: mergeRequestKeys.list(fullPath, filter),
    queryFn: async ({ signal }) => {
      const { data, headers } = await requestWithHeaders<MergeRequest[]>(mergeRequestsApi(fullPath), {
        query: { state: filter.state, search: filter.search, page: filter.page, per_page: PER_PAGE },
        signal,
      });
      return { items: data, total: totalOf(headers) };
    },
    placeholderData: keepPreviousData,
  });
}

/** How many merge requests each tab holds: the list's `X-Total` for a one-item page per state. */
export function useMergeRequestCounts(fullPath: string, states: readonly ListState[], search: string) {
  return useQueries({
    queries: states.map((state) => ({
      queryKey: mergeRequestKeys.count(fullPath, state, search),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const { headers } = await requestWithHeaders<MergeRequest[]>(mergeRequestsApi(fullPath), {
          query: { state, search, per_page: 1 },
          signal,
        });
        return totalOf(headers);
      },
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
export type CommitsPage = { items: MergeRequestCommit[]; total: number };

export function useMergeRequestCommits(fullPath: string, iid: number, page: number) {
  return useQuery({
    queryKey: mergeRequestKeys.commits(fullPath, iid, page),
    queryFn: async ({ signal }): Promise<CommitsPage> => {
      const { data, headers } = await requestWithHeaders<MergeRequestCommit[]>(
        `${mergeRequestsApi(fullPath)}/${iid}/commits`,
        { query: { page, per_page: PER_PAGE }, signal },
      );
      return { items: data, total: totalOf(headers) };
    },
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
