import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type {
  MergeRequest,
  MergeRequestCommit,
  MergeRequestPage,
  MergeRequestState,
} from '../../../shared/api/mergeRequests';
import type { BranchJson } from '../../../shared/api/repository';
import { request, requestWithHeaders } from '../../api/client';
import { projectApi } from '../projects/projectApi';
import { mergeRequestPagePath } from './mergeRequestPaths';

export type ListState = MergeRequestState | 'all';
export type ListFilter = { state: ListState; search: string; page: number };

export const PER_PAGE = 20;

export const mergeRequestsApi = (fullPath: string): string => `${projectApi(fullPath)}/merge_requests`;

export const mergeRequestKeys = {
  all: (fullPath: string) => ['merge-requests', fullPath] as const,
  list: (fullPath: string, filter: ListFilter) =>
    [...mergeRequestKeys.all(fullPath), 'list', filter] as const,
  count: (fullPath: string, state: ListState, search: string) =>
    [...mergeRequestKeys.all(fullPath), 'count', state, search] as const,
  one: (fullPath: string, iid: number) => [...mergeRequestKeys.all(fullPath), iid] as const,
  page: (fullPath: string, iid: number) => [...mergeRequestKeys.one(fullPath, iid), 'page'] as const,
  commitPages: (fullPath: string, iid: number) =>
    [...mergeRequestKeys.one(fullPath, iid), 'commits'] as const,
  commits: (fullPath: string, iid: number, page: number) =>
    [...mergeRequestKeys.commitPages(fullPath, iid), page] as const,
  branches: (fullPath: string) => ['branches', fullPath] as const,
};

const totalOf = (headers: Headers): number => Number(headers.get('x-total') ?? 0);

/** One page of a project's merge requests, with the total for pagination. */
export function useMergeRequests(fullPath: string, filter: ListFilter) {
  return useQuery({
    queryKey: mergeRequestKeys.list(fullPath, filter),
    queryFn: async ({ signal }) => {
      const { data, headers } = await requestWithHeaders<MergeRequest[]>(mergeRequestsApi(fullPath), {
        query: {
          state: filter.state,
          search: filter.search,
          page: filter.page,
          per_page: PER_PAGE,
          // Labels as objects, for their colours.
          with_labels_details: true,
        },
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
