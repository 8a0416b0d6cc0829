import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MergeRequestStatusCheckJson } from '../../../shared/api/statusChecks';
import { request } from '../../api/client';
import { projectApi } from '../../lib/projectApi';
import { widgetKeys } from './queries';

const statusChecksApi = (fullPath: string, iid: number) =>
  `${projectApi(fullPath)}/merge_requests/${iid}/status_checks`;

export const statusCheckKeys = {
  one: (fullPath: string, iid: number) => ['merge-request-status-checks', fullPath, iid] as const,
};

/**
 * The request's status checks and how each stands for its head commit. `version` (the widget's
 * ETag) changes when the widget sees a change, and so asks again; the old list stays meanwhile.
 */
export function useMergeRequestStatusChecks(
  fullPath: string,
  iid: number,
  options: { enabled: boolean; version: string | null },
) {
  return useQuery({
    queryKey: [...statusCheckKeys.one(fullPath, iid), options.version],
    queryFn: ({ signal }) =>
      request<MergeRequestStatusCheckJson[]>(statusChecksApi(fullPath, iid), { signal }),
    enabled: options.enabled,
    placeholderData: keepPreviousData,
  });
}

/** Asks a failed check's service again. */
export function useRetryStatusCheck(fullPath: string, iid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkId: number) =>
      request<{ message: string }>(`${statusChecksApi(fullPath, iid)}/${checkId}/retry`, { method: 'POST' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: statusCheckKeys.one(fullPath, iid) }),
        queryClient.invalidateQueries({ queryKey: widgetKeys.one(fullPath, iid) }),
      ]),
  });
}
