import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import { pipelineKeys } from './queries';
import { projectApi } from './pipelinePaths';

/** GitLab's REST cancel of a pipeline or a job; the pages read their state again after it. */
export function useCancel(fullPath: string, what: 'pipelines' | 'jobs') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<unknown>(`${projectApi(fullPath)}/${what}/${id}/cancel`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pipelineKeys.all(fullPath) }),
  });
}
