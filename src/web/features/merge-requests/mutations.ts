import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateMergeRequestBody,
  MergeRequestDetail,
  UpdateMergeRequestBody,
} from '../../../shared/api/mergeRequests';
import { request } from '../../api/client';
import { notesKeys } from '../notes/queries';
import { mergeRequestKeys, mergeRequestsApi } from '../../lib/mergeRequests';

export function useCreateMergeRequest(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMergeRequestBody) =>
      request<MergeRequestDetail>(mergeRequestsApi(fullPath), { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mergeRequestKeys.all(fullPath) }),
  });
}

/** Edits and state changes (`state_event` close or reopen); everything about the project's merge requests is refetched. */
export function useUpdateMergeRequest(fullPath: string, iid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // One edit at a time, in order: each sends whole lists (assignees), so a later one must land last.
    scope: { id: `merge_request:${fullPath}:${iid}` },
    mutationFn: (body: UpdateMergeRequestBody) =>
      request<MergeRequestDetail>(`${mergeRequestsApi(fullPath)}/${iid}`, { method: 'PUT', body }),
    // The Activity section too: a lock changes who may comment there.
    onSuccess: (_updated, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mergeRequestKeys.all(fullPath) }),
        body.discussion_locked !== undefined && queryClient.invalidateQueries({ queryKey: notesKeys.all }),
      ]),
  });
}

const REREVIEW_MUTATION = `mutation($input: MergeRequestReviewerRereviewInput!) {
  mergeRequestReviewerRereview(input: $input) { errors }
}`;

type RereviewAnswer = {
  data?: { mergeRequestReviewerRereview: { errors: string[] } | null };
  errors?: Array<{ message: string }>;
};

/** "Re-request review": GitLab's `mergeRequestReviewerRereview`; its refusals become the mutation's error. */
export function useRerequestReview(fullPath: string, iid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: number) => {
      const answer = await request<RereviewAnswer>('/api/graphql', {
        method: 'POST',
        body: {
          query: REREVIEW_MUTATION,
          variables: {
            input: { projectPath: fullPath, iid: String(iid), userId: `gid://gitlab/User/${userId}` },
          },
        },
      });
      const problem = answer.errors?.[0]?.message ?? answer.data?.mergeRequestReviewerRereview?.errors[0];
      if (problem) throw new Error(problem);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mergeRequestKeys.one(fullPath, iid) }),
  });
}
