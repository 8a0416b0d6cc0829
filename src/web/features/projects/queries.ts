import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Project } from '../../../shared/api/projects';
import type { ProtectedBranch } from '../../../shared/api/repository';
import type { StatusCheckJson } from '../../../shared/api/statusChecks';
import { request } from '../../api/client';
import { requestPage } from '../../lib/pagination';
import { projectApi } from '../../lib/projectApi';

export const PROJECTS_PER_PAGE = 20;

export type ProjectScope = 'yours' | 'explore';

export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  list: (scope: ProjectScope, search: string, page: number) =>
    [...projectKeys.lists(), scope, search, page] as const,
  detail: (fullPath: string) => [...projectKeys.all, 'detail', fullPath.toLowerCase()] as const,
  branches: (fullPath: string) => [...projectKeys.detail(fullPath), 'branches'] as const,
  statusChecks: (fullPath: string) => [...projectKeys.detail(fullPath), 'status-checks'] as const,
  protectedBranches: (fullPath: string) => [...projectKeys.detail(fullPath), 'protected-branches'] as const,
};

/** One project by full path, with the viewer's `permissions`. */
export function useProject(fullPath: string) {
  return useQuery({
    queryKey: projectKeys.detail(fullPath),
    queryFn: ({ signal }) => request<Project>(projectApi(fullPath), { signal }),
    staleTime: 30_000,
  });
}

/** "Yours" are projects the viewer is a member of; "Explore" is every project they may see. */
export function useProjects(scope: ProjectScope, search: string, page: number) {
  return useQuery({
    queryKey: projectKeys.list(scope, search, page),
    queryFn: ({ signal }) =>
      requestPage<Project>('/api/v4/projects', {
        query: {
          membership: scope === 'yours' ? true : undefined,
          order_by: 'last_activity_at',
          search,
          page,
          per_page: PROJECTS_PER_PAGE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Branch names for the default-branch picker. */
export function useBranchNames(fullPath: string) {
  return useQuery({
    queryKey: projectKeys.branches(fullPath),
    queryFn: async ({ signal }) => {
      const branches = await request<{ name: string }[]>(`${projectApi(fullPath)}/repository/branches`, {
        query: { per_page: 100 },
        signal,
      });
      return branches.map((branch) => branch.name);
    },
  });
}

/** A user's personal namespace page: who they are and their projects the viewer may see. */
export function useUserProjects(username: string, page: number) {
  return useQuery({
    queryKey: [...projectKeys.lists(), 'user', username.toLowerCase(), page] as const,
    queryFn: ({ signal }) =>
      requestPage<Project>(`/api/v4/users/${encodeURIComponent(username)}/projects`, {
        query: { order_by: 'last_activity_at', page, per_page: PROJECTS_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The project's external status checks (Maintainers only). */
export function useStatusChecks(fullPath: string) {
  return useQuery({
    queryKey: projectKeys.statusChecks(fullPath),
    queryFn: ({ signal }) =>
      request<StatusCheckJson[]>(`${projectApi(fullPath)}/external_status_checks`, { signal }),
  });
}

/** The project's protected branches (one page of 100: what a selector can offer). */
export function useProtectedBranches(fullPath: string) {
  return useQuery({
    queryKey: projectKeys.protectedBranches(fullPath),
    queryFn: ({ signal }) =>
      request<ProtectedBranch[]>(`${projectApi(fullPath)}/protected_branches`, {
        query: { per_page: 100 },
        signal,
      }),
  });
}
