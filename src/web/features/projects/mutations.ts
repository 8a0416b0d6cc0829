import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateProjectBody, Project, UpdateProjectBody } from '../../../shared/api/projects';
import type { ProtectedBranch } from '../../../shared/api/repository';
import type { CreateStatusCheckBody, StatusCheckJson } from '../../../shared/api/statusChecks';
import { request } from '../../api/client';
import { projectApi } from '../../lib/projectApi';
import { projectKeys } from './queries';

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProjectBody) => request<Project>('/api/v4/projects', { method: 'POST', body }),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.detail(project.path_with_namespace), project);
      return queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
    },
  });
}

/** Keeps every cached view of the project in step after a change. */
function useProjectChanged(fullPath: string) {
  const queryClient = useQueryClient();
  return async (project: Project) => {
    queryClient.setQueryData(projectKeys.detail(fullPath), project);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: ['repository', fullPath] }),
    ]);
  };
}

export function useUpdateProject(fullPath: string) {
  const changed = useProjectChanged(fullPath);
  return useMutation({
    mutationFn: (body: UpdateProjectBody) => request<Project>(projectApi(fullPath), { method: 'PUT', body }),
    onSuccess: changed,
  });
}

export function useSetArchived(fullPath: string) {
  const changed = useProjectChanged(fullPath);
  return useMutation({
    mutationFn: (archived: boolean) =>
      request<Project>(`${projectApi(fullPath)}/${archived ? 'archive' : 'unarchive'}`, { method: 'POST' }),
    onSuccess: changed,
  });
}

export function useDeleteProject(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<{ message: string }>(projectApi(fullPath), { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: projectKeys.detail(fullPath) });
      return queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
    },
  });
}

/** Adds a status check, or edits the one with `id`. */
export function useSaveStatusCheck(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateStatusCheckBody }) =>
      request<StatusCheckJson>(
        `${projectApi(fullPath)}/external_status_checks${id === null ? '' : `/${id}`}`,
        { method: id === null ? 'POST' : 'PUT', body },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.statusChecks(fullPath) }),
  });
}

export function useDeleteStatusCheck(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<null>(`${projectApi(fullPath)}/external_status_checks/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.statusChecks(fullPath) }),
  });
}

type ProtectBranchBody = {
  name: string;
  merge_access_level: number;
  push_access_level: number;
  allow_force_push: boolean;
  code_owner_approval_required: boolean;
};

/** Protects a branch or wildcard, or changes or removes a rule: the list is read afresh after each. */
export function useProtectedBranchMutations(fullPath: string) {
  const queryClient = useQueryClient();
  const api = `${projectApi(fullPath)}/protected_branches`;
  const onSettled = () =>
    queryClient.invalidateQueries({ queryKey: projectKeys.protectedBranches(fullPath) });
  const protect = useMutation({
    mutationFn: (body: ProtectBranchBody) => request<ProtectedBranch>(api, { method: 'POST', body }),
    onSettled,
  });
  const update = useMutation({
    mutationFn: ({ name, body }: { name: string; body: Partial<ProtectBranchBody> }) =>
      request<ProtectedBranch>(`${api}/${encodeURIComponent(name)}`, { method: 'PATCH', body }),
    onSettled,
  });
  const unprotect = useMutation({
    mutationFn: (name: string) => request<null>(`${api}/${encodeURIComponent(name)}`, { method: 'DELETE' }),
    onSettled,
  });
  return { protect, update, unprotect };
}
