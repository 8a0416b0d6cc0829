import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateMergeRequestBody,
  MergeRequestDetail,
  UpdateMergeRequestBody,
} from '../../../shared/api/mergeRequests';
import { request } from '../../api/client';
import { mergeRequestKeys, mergeRequestsApi } from './queries';

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
    mutationFn: (body: UpdateMergeRequestBody) =>
      request<MergeRequestDetail>(`${mergeRequestsApi(fullPath)}/${iid}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mergeRequestKeys.all(fullPath) }),
  });
}
