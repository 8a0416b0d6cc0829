import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateIssueBody, IssueDetail, UpdateIssueBody } from '../../../shared/api/issues';
import { request } from '../../api/client';
import { notesKeys } from '../notes/queries';
import { issueKeys, issuesApi } from './queries';

export function useCreateIssue(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateIssueBody) =>
      request<IssueDetail>(issuesApi(fullPath), { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: issueKeys.all(fullPath) }),
  });
}

/**
 * Edits, state changes (`state_event`) and metadata (assignees, confidentiality, lock). The
 * Activity section is refetched too: the server wrote system notes for the change.
 */
export function useUpdateIssue(fullPath: string, iid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateIssueBody) =>
      request<IssueDetail>(`${issuesApi(fullPath)}/${iid}`, { method: 'PUT', body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: issueKeys.all(fullPath) }),
        queryClient.invalidateQueries({ queryKey: notesKeys.all }),
      ]),
  });
}
