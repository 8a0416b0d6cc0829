import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PipelineTrigger } from '../../../shared/api/pipelineTriggers';
import { request } from '../../api/client';
import { projectApi } from '../../lib/projectApi';
import { projectKeys } from './queries';

const triggersKey = (fullPath: string) => [...projectKeys.detail(fullPath), 'pipeline-triggers'] as const;

/** The project's pipeline trigger tokens (Maintainers). */
export function usePipelineTriggers(fullPath: string) {
  return useQuery({
    queryKey: triggersKey(fullPath),
    queryFn: ({ signal }) =>
      request<PipelineTrigger[]>(`${projectApi(fullPath)}/triggers?per_page=100`, { signal }),
  });
}

/** Makes a token; the answer holds it in full, the only time it is shown. */
export function useCreatePipelineTrigger(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (description: string) =>
      request<PipelineTrigger>(`${projectApi(fullPath)}/triggers`, { method: 'POST', body: { description } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: triggersKey(fullPath) }),
  });
}

export function useRevokePipelineTrigger(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<null>(`${projectApi(fullPath)}/triggers/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: triggersKey(fullPath) }),
  });
}
