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

export type JobAction = 'play' | 'retry' | 'erase';

/** GitLab's REST job actions; each answers with the job it leaves (retry: the new job). */
export function useJobAction(fullPath: string, action: JobAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<{ id: number }>(`${projectApi(fullPath)}/jobs/${id}/${action}`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pipelineKeys.all(fullPath) }),
  });
}

/** Retries the pipeline's failed and canceled jobs. */
export function useRetryPipeline(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<unknown>(`${projectApi(fullPath)}/pipelines/${id}/retry`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pipelineKeys.all(fullPath) }),
  });
}

/** Deletes the pipeline with its jobs, logs and artifacts (Owners). */
export function useDeletePipeline(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<unknown>(`${projectApi(fullPath)}/pipelines/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pipelineKeys.all(fullPath) }),
  });
}

/**
 * A job action from a stage dropdown: a POST to the path its detailed status names
 * (`{project}/-/jobs/{id}/play`); the lists, the pipeline and its stages are read again after it.
 */
export function useJobActionAt(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (path: string) => request<{ id: number }>(path, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pipelineKeys.all(fullPath) }),
  });
}
