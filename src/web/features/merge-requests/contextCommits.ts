import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContextCommit, ContextCommitCandidates } from '../../../shared/api/contextCommits';
import { request } from '../../api/client';
import { diffKeys } from '../diffs/queries';
import { mergeRequestPagePath } from '../../lib/mergeRequests';
import { mergeRequestKeys, mergeRequestsApi } from '../../lib/mergeRequests';

/** How many of the target branch's commits the add dialog lists (GitLab's modal shows a page of them too). */
export const CANDIDATES_PER_PAGE = 40;

export const contextCommitKeys = {
  all: (fullPath: string, iid: number) =>
    [...mergeRequestKeys.one(fullPath, iid), 'context-commits'] as const,
  list: (fullPath: string, iid: number) => [...contextCommitKeys.all(fullPath, iid), 'list'] as const,
  candidates: (fullPath: string, iid: number, search: string) =>
    [...contextCommitKeys.all(fullPath, iid), 'candidates', search] as const,
};

const contextCommitsApi = (fullPath: string, iid: number) =>
  `${mergeRequestsApi(fullPath)}/${iid}/context_commits`;

/** The request's previously merged commits, newest first. */
export function useContextCommits(fullPath: string, iid: number) {
  return useQuery({
    queryKey: contextCommitKeys.list(fullPath, iid),
    queryFn: ({ signal }) => request<ContextCommit[]>(contextCommitsApi(fullPath, iid), { signal }),
  });
}

/** The add dialog's list: the target branch's recent commits, those whose message holds `search`. */
export function useContextCommitCandidates(fullPath: string, iid: number, search: string) {
  return useQuery({
    queryKey: contextCommitKeys.candidates(fullPath, iid, search),
    queryFn: ({ signal }) =>
      request<ContextCommitCandidates>(
        `${mergeRequestPagePath(fullPath, iid)}/context_commits/candidates.json`,
        { query: { search, per_page: CANDIDATES_PER_PAGE }, signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * Adds or removes previously merged commits. The Changes tab reads them too (its "previously
 * merged commits" entry and that diff), so its answers are dropped with the lists.
 */
export function useChangeContextCommits(fullPath: string, iid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ method, commits }: { method: 'POST' | 'DELETE'; commits: string[] }) =>
      request<ContextCommit[] | null>(contextCommitsApi(fullPath, iid), { method, body: { commits } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contextCommitKeys.all(fullPath, iid) }),
        queryClient.invalidateQueries({ queryKey: diffKeys.all(fullPath, iid) }),
      ]),
  });
}
