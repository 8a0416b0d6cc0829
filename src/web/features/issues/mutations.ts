import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateIssueBody,
  FollowUpParams,
  IssueDetail,
  UpdateIssueBody,
} from '../../../shared/api/issues';
import { request } from '../../api/client';
import { notesKeys } from '../notes/queries';
import type { MetricImage } from '../../../shared/api/metricImages';
import { issueKeys, issuesApi } from './queries';

/** Opens an issue; one that takes over merge request threads resolves them, so those are read again. */
export function useCreateIssue(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateIssueBody & FollowUpParams) =>
      request<IssueDetail>(issuesApi(fullPath), { method: 'POST', body }),
    onSuccess: (_issue, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: issueKeys.all(fullPath) }),
        body.merge_request_to_resolve_discussions_of !== undefined &&
          queryClient.invalidateQueries({ queryKey: notesKeys.all }),
      ]),
  });
}

/**
 * Edits, state changes (`state_event`) and metadata (assignees, confidentiality, lock). The
 * Activity section is refetched too: the server wrote system notes for the change.
 */
export function useUpdateIssue(fullPath: string, iid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // One edit at a time, in order: each sends whole lists (assignees), so a later one must land last.
    scope: { id: `issue:${fullPath}:${iid}` },
    mutationFn: (body: UpdateIssueBody) =>
      request<IssueDetail>(`${issuesApi(fullPath)}/${iid}`, { method: 'PUT', body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: issueKeys.all(fullPath) }),
        queryClient.invalidateQueries({ queryKey: notesKeys.all }),
      ]),
  });
}

/** Uploads a metric image (multipart `file`, `url`, `url_text`) or deletes one; the list is read again. */
export function useMetricImageMutations(fullPath: string, iid: number) {
  const queryClient = useQueryClient();
  const images = `${issuesApi(fullPath)}/${iid}/metric_images`;
  const onSettled = () => queryClient.invalidateQueries({ queryKey: issueKeys.metricImages(fullPath, iid) });
  const upload = useMutation({
    mutationFn: (input: { file: File; url: string; urlText: string }) => {
      const body = new FormData();
      body.append('url', input.url);
      body.append('url_text', input.urlText);
      body.append('file', input.file);
      return request<MetricImage>(images, { method: 'POST', body });
    },
    onSettled,
  });
  const remove = useMutation({
    mutationFn: (imageId: number) => request(`${images}/${imageId}`, { method: 'DELETE' }),
    onSettled,
  });
  return { upload, remove };
}
