import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePipelineScheduleBody,
  PipelineSchedule,
  PipelineScheduleDetails,
  PipelineScheduleVariable,
} from '../../../shared/api/pipelineSchedules';
import { request } from '../../api/client';
import { projectApi } from './pipelinePaths';

const schedulesKey = (fullPath: string) => ['projects', fullPath, 'pipeline-schedules'] as const;
const schedulesApi = (fullPath: string) => `${projectApi(fullPath)}/pipeline_schedules`;

/** The project's pipeline schedules, with each one's details (last pipeline) for the list. */
export function usePipelineSchedules(fullPath: string) {
  return useQuery({
    queryKey: schedulesKey(fullPath),
    queryFn: async ({ signal }) => {
      const list = await request<PipelineSchedule[]>(`${schedulesApi(fullPath)}?per_page=100`, { signal });
      return Promise.all(
        list.map((schedule) =>
          request<PipelineScheduleDetails>(`${schedulesApi(fullPath)}/${schedule.id}`, { signal }),
        ),
      );
    },
  });
}

export function usePipelineSchedule(fullPath: string, id: number | null) {
  return useQuery({
    queryKey: [...schedulesKey(fullPath), id],
    enabled: id !== null,
    queryFn: ({ signal }) => request<PipelineScheduleDetails>(`${schedulesApi(fullPath)}/${id}`, { signal }),
  });
}

export type ScheduleInput = Required<Omit<CreatePipelineScheduleBody, 'active'>> & {
  active: boolean;
  variables: PipelineScheduleVariable[];
};

/**
 * Saves a schedule (new when `editing` is null) and then its variables as the form lists them:
 * new keys added, changed ones updated, removed ones deleted.
 */
export function useSavePipelineSchedule(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      editing,
      input,
    }: {
      editing: PipelineScheduleDetails | null;
      input: ScheduleInput;
    }) => {
      const { variables, ...body } = input;
      const saved = editing
        ? await request<PipelineScheduleDetails>(`${schedulesApi(fullPath)}/${editing.id}`, {
            method: 'PUT',
            body,
          })
        : await request<PipelineScheduleDetails>(schedulesApi(fullPath), { method: 'POST', body });
      const base = `${schedulesApi(fullPath)}/${saved.id}/variables`;
      const before = new Map((editing?.variables ?? []).map((variable) => [variable.key, variable]));
      for (const variable of variables) {
        const old = before.get(variable.key);
        before.delete(variable.key);
        if (!old) await request(base, { method: 'POST', body: variable });
        else if (old.value !== variable.value || old.variable_type !== variable.variable_type)
          await request(`${base}/${encodeURIComponent(variable.key)}`, { method: 'PUT', body: variable });
      }
      for (const key of before.keys())
        await request(`${base}/${encodeURIComponent(key)}`, { method: 'DELETE' });
      return saved;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: schedulesKey(fullPath) }),
  });
}

export function usePlayPipelineSchedule(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`${schedulesApi(fullPath)}/${id}/play`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: schedulesKey(fullPath) }),
  });
}

export function useTakeOwnership(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`${schedulesApi(fullPath)}/${id}/take_ownership`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: schedulesKey(fullPath) }),
  });
}

export function useDeletePipelineSchedule(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`${schedulesApi(fullPath)}/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: schedulesKey(fullPath) }),
  });
}
