import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RunnerPageRow } from '../../../shared/api/runnerPages';
import type {
  CreateUserRunnerBody,
  RunnerDetailsJson,
  RunnerRegistrationDetails,
  UpdateRunnerBody,
} from '../../../shared/api/runners';
import { request } from '../../api/client';
import { runnerKeys } from './queries';

function useRunnersInvalidation() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: runnerKeys.all });
}

/** `POST /api/v4/user/runners`: answers the runner's `glrt-` token, shown this once. */
export function useCreateRunner() {
  const invalidate = useRunnersInvalidation();
  return useMutation({
    mutationFn: (body: CreateUserRunnerBody) =>
      request<RunnerRegistrationDetails>('/api/v4/user/runners', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

/** `PUT /api/v4/runners/:id`: pause, resume and the runner's settings. */
export function useUpdateRunner() {
  const invalidate = useRunnersInvalidation();
  return useMutation({
    mutationFn: ({ runner, body }: { runner: Pick<RunnerPageRow, 'id'>; body: UpdateRunnerBody }) =>
      request<RunnerDetailsJson>(`/api/v4/runners/${runner.id}`, { method: 'PUT', body }),
    onSettled: invalidate,
  });
}

/** `DELETE /api/v4/runners/:id`: the runner and its token are gone; it can take no more jobs. */
export function useDeleteRunner() {
  const invalidate = useRunnersInvalidation();
  return useMutation({
    mutationFn: (runner: Pick<RunnerPageRow, 'id'>) =>
      request<null>(`/api/v4/runners/${runner.id}`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}
