import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommitActionBody, CommitActionResponse } from '../../../shared/api/commitActions';
import type { CommitActionName } from '../../../shared/merge-widget/commitActions';
import type { PageMergeBody, PageMergeResponse } from '../../../shared/api/mergeRequests';
import type { PageBranchDeleteResponse } from '../../../shared/api/repository';
import { BRANCH_DELETED_RESPONSE } from '../../../shared/merge-widget/messages';
import { request } from '../../api/client';
import { forgetWidgetEtags, widgetKeys } from './queries';
import { mergeRequestKeys, mergeRequestsApi } from '../../lib/mergeRequests';

/** After any widget action: the widget, and the page around it (header state, tabs, branches). */
function useRefreshAfter(fullPath: string, iid: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: widgetKeys.one(fullPath, iid) }),
      queryClient.invalidateQueries({ queryKey: mergeRequestKeys.all(fullPath) }),
      queryClient.invalidateQueries({ queryKey: mergeRequestKeys.branches(fullPath) }),
    ]);
}

/** POST to the widget's merge path: merges now, or sets auto-merge with `auto_merge_strategy`. */
export function useMerge(fullPath: string, iid: number) {
  const refresh = useRefreshAfter(fullPath, iid);
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body: PageMergeBody }) =>
      request<PageMergeResponse>(path, { method: 'POST', body }),
    onSettled: refresh,
  });
}

/** POST to the cancel-auto-merge path; the answer carries nothing the widget needs. */
export function useCancelAutoMerge(fullPath: string, iid: number) {
  const refresh = useRefreshAfter(fullPath, iid);
  return useMutation({
    mutationFn: (path: string) => request<unknown>(path, { method: 'POST' }),
    onSettled: refresh,
  });
}

/** POST {project}/-/merge_requests/{iid}/rebase: schedules the rebase; its end shows in the widget's polls. */
export function useRebase(fullPath: string, iid: number) {
  const refresh = useRefreshAfter(fullPath, iid);
  return useMutation({
    mutationFn: (path: string) => request<unknown>(path, { method: 'POST', query: { skip_ci: false } }),
    onSettled: refresh,
  });
}

/** REST v4 `state_event: 'reopen'`; the spec then reloads the page. */
export function useReopen(fullPath: string, iid: number) {
  return useMutation({
    mutationFn: () =>
      request<unknown>(`${mergeRequestsApi(fullPath)}/${iid}`, {
        method: 'PUT',
        body: { state_event: 'reopen' },
      }),
    onSuccess: () => window.location.reload(),
  });
}

/**
 * DELETE on the source branch path (`{project}/-/branches/{branch}`, in the project the request
 * merges into); the answer's 'Branch was deleted' refreshes the widget (spec 000 §7).
 */
export function useDeleteSourceBranch(fullPath: string, iid: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfter(fullPath, iid);
  return useMutation({
    mutationFn: (branch: { projectFullPath: string; name: string }) =>
      request<PageBranchDeleteResponse>(
        `/${branch.projectFullPath}/-/branches/${branch.name.split('/').map(encodeURIComponent).join('/')}`,
        { method: 'DELETE' },
      ),
    onSuccess: async (answer) => {
      if (answer.message !== BRANCH_DELETED_RESPONSE) return;
      forgetWidgetEtags(queryClient, fullPath, iid);
      await refresh();
    },
  });
}

/** The merged panel's Revert or Cherry-pick (`POST {project}/-/merge_requests/{iid}/revert|cherry_pick`). */
export function useCommitAction(fullPath: string, iid: number) {
  const refresh = useRefreshAfter(fullPath, iid);
  return useMutation({
    mutationFn: ({ action, body }: { action: CommitActionName; body: CommitActionBody }) =>
      request<CommitActionResponse>(`/${fullPath}/-/merge_requests/${iid}/${action}`, {
        method: 'POST',
        body,
      }),
    onSuccess: refresh,
  });
}

/** The cards' close buttons: POST `feature_name` to the user callouts path (spec 000 "Dismiss cards"). */
export function useDismissCallout() {
  return useMutation({
    mutationFn: ({ path, featureName }: { path: string; featureName: string }) =>
      request<unknown>(path, { method: 'POST', body: { feature_name: featureName } }),
  });
}
