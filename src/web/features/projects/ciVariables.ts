import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CicdVariable } from '../../../shared/api/variables';
import { request } from '../../api/client';
import { projectApi } from '../../lib/projectApi';
import { projectKeys } from './queries';

const variablesKey = (fullPath: string) => [...projectKeys.detail(fullPath), 'ci-variables'] as const;

/** A key may have one variable per environment scope: the scope says which one a change means. */
const variableUrl = (fullPath: string, variable: Pick<CicdVariable, 'key' | 'environment_scope'>) =>
  `${projectApi(fullPath)}/variables/${encodeURIComponent(variable.key)}?filter[environment_scope]=${encodeURIComponent(variable.environment_scope)}`;

export type CicdVariableInput = Pick<
  CicdVariable,
  'key' | 'variable_type' | 'protected' | 'masked' | 'environment_scope' | 'description'
> & { value: string };

/** The project's CI/CD variables (Maintainers). */
export function useCicdVariables(fullPath: string) {
  return useQuery({
    queryKey: variablesKey(fullPath),
    queryFn: ({ signal }) =>
      request<CicdVariable[]>(`${projectApi(fullPath)}/variables?per_page=100`, { signal }),
  });
}

/** Adds a variable (`editing` null) or changes the one being edited. */
export function useSaveCicdVariable(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ editing, body }: { editing: CicdVariable | null; body: CicdVariableInput }) =>
      editing
        ? request<CicdVariable>(variableUrl(fullPath, editing), { method: 'PUT', body })
        : request<CicdVariable>(`${projectApi(fullPath)}/variables`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: variablesKey(fullPath) }),
  });
}

export function useDeleteCicdVariable(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variable: CicdVariable) =>
      request<null>(variableUrl(fullPath, variable), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: variablesKey(fullPath) }),
  });
}
