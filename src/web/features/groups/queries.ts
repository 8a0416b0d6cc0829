import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Group } from '../../../shared/api/groups';
import type { Namespace, Project } from '../../../shared/api/projects';
import { request } from '../../api/client';
import { requestPage } from '../../lib/pagination';

export const GROUPS_PER_PAGE = 20;

export const groupApi = (fullPath: string): string => `/api/v4/groups/${encodeURIComponent(fullPath)}`;

export type GroupScope = 'yours' | 'explore';

export const groupKeys = {
  all: ['groups'] as const,
  lists: () => [...groupKeys.all, 'list'] as const,
  list: (scope: GroupScope, search: string, page: number) =>
    [...groupKeys.lists(), scope, search, page] as const,
  detail: (fullPath: string) => [...groupKeys.all, 'detail', fullPath.toLowerCase()] as const,
  subgroups: (fullPath: string, page: number) => [...groupKeys.detail(fullPath), 'subgroups', page] as const,
  projects: (fullPath: string, page: number) => [...groupKeys.detail(fullPath), 'projects', page] as const,
  /** Where the viewer may create projects: a new group is one (creating it refreshes this list). */
  namespaces: () => [...groupKeys.all, 'namespaces'] as const,
};

/** "Yours" are groups the viewer belongs to; "Explore" is every group they may see. */
export function useGroups(scope: GroupScope, search: string, page: number) {
  return useQuery({
    queryKey: groupKeys.list(scope, search, page),
    queryFn: ({ signal }) =>
      requestPage<Group>('/api/v4/groups', {
        query: {
          min_access_level: scope === 'yours' ? 10 : undefined,
          search,
          page,
          per_page: GROUPS_PER_PAGE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useGroup(fullPath: string, enabled = true) {
  return useQuery({
    queryKey: groupKeys.detail(fullPath),
    queryFn: ({ signal }) => request<Group>(groupApi(fullPath), { signal }),
    staleTime: 30_000,
    enabled,
  });
}

export function useSubgroups(fullPath: string, page: number) {
  return useQuery({
    queryKey: groupKeys.subgroups(fullPath, page),
    queryFn: ({ signal }) =>
      requestPage<Group>(`${groupApi(fullPath)}/subgroups`, {
        query: { page, per_page: GROUPS_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useGroupProjects(fullPath: string, page: number) {
  return useQuery({
    queryKey: groupKeys.projects(fullPath, page),
    queryFn: ({ signal }) =>
      requestPage<Project>(`${groupApi(fullPath)}/projects`, {
        query: { page, per_page: GROUPS_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Where the viewer may create projects: their own namespace and groups they maintain. */
export function useNamespaces(enabled = true) {
  return useQuery({
    queryKey: groupKeys.namespaces(),
    queryFn: ({ signal }) => request<Namespace[]>('/api/v4/namespaces', { query: { per_page: 100 }, signal }),
    enabled,
  });
}
