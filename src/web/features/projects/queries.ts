import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Group } from '../../../shared/api/groups';
import type { Member } from '../../../shared/api/members';
import type { Namespace, Project } from '../../../shared/api/projects';
import type { ProtectedBranch } from '../../../shared/api/repository';
import type { StatusCheckJson } from '../../../shared/api/statusChecks';
import type { UserBasic } from '../../../shared/api/users';
import { ApiError, request, requestWithHeaders } from '../../api/client';
import { groupKeys } from '../groups/queries';
import { projectApi } from '../../lib/projectApi';

export const PROJECTS_PER_PAGE = 20;
export const MEMBERS_PER_PAGE = 20;

/** Whose members: a project's or a group's, by full path. */
export type MemberSource = { kind: 'projects' | 'groups'; fullPath: string };

export const membersApi = (source: MemberSource): string =>
  `/api/v4/${source.kind}/${encodeURIComponent(source.fullPath)}/members`;

export type ProjectScope = 'yours' | 'explore';

export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  list: (scope: ProjectScope, search: string, page: number) =>
    [...projectKeys.lists(), scope, search, page] as const,
  detail: (fullPath: string) => [...projectKeys.all, 'detail', fullPath.toLowerCase()] as const,
  namespaces: () => [...projectKeys.all, 'namespaces'] as const,
  branches: (fullPath: string) => [...projectKeys.detail(fullPath), 'branches'] as const,
  members: (source: MemberSource) => ['members', source.kind, source.fullPath.toLowerCase()] as const,
  memberPage: (source: MemberSource, page: number) => [...projectKeys.members(source), page] as const,
  myAccess: (source: MemberSource, userId: number) => [...projectKeys.members(source), 'me', userId] as const,
  userSearch: (search: string) => ['users', 'search', search] as const,
  statusChecks: (fullPath: string) => [...projectKeys.detail(fullPath), 'status-checks'] as const,
  protectedBranches: (fullPath: string) => [...projectKeys.detail(fullPath), 'protected-branches'] as const,
};

export type Paged<T> = { items: T[]; total: number };

const totalOf = (headers: Headers): number => Number(headers.get('x-total') ?? 0);

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
    queryFn: async ({ signal }): Promise<Paged<Project>> => {
      const { data, headers } = await requestWithHeaders<Project[]>('/api/v4/projects', {
        query: {
          membership: scope === 'yours' ? true : undefined,
          order_by: 'last_activity_at',
          search,
          page,
          per_page: PROJECTS_PER_PAGE,
        },
        signal,
      });
      return { items: data, total: totalOf(headers) };
    },
    placeholderData: keepPreviousData,
  });
}

/** Where the viewer may create projects: their own namespace and groups they maintain. */
export function useNamespaces(enabled = true) {
  return useQuery({
    queryKey: projectKeys.namespaces(),
    queryFn: ({ signal }) => request<Namespace[]>('/api/v4/namespaces', { query: { per_page: 100 }, signal }),
    enabled,
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

export function useMembers(source: MemberSource, page: number) {
  return useQuery({
    queryKey: projectKeys.memberPage(source, page),
    queryFn: async ({ signal }): Promise<Paged<Member>> => {
      const { data, headers } = await requestWithHeaders<Member[]>(membersApi(source), {
        query: { page, per_page: MEMBERS_PER_PAGE },
        signal,
      });
      return { items: data, total: totalOf(headers) };
    },
    placeholderData: keepPreviousData,
  });
}

/** The viewer's effective level in a group (0 when none): decides which group actions to offer. */
export function useMyAccessLevel(source: MemberSource, userId: number | undefined) {
  return useQuery({
    queryKey: projectKeys.myAccess(source, userId ?? 0),
    queryFn: async ({ signal }) => {
      try {
        const member = await request<Member>(`${membersApi(source)}/all/${userId}`, { signal });
        return member.access_level;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return 0;
        throw error;
      }
    },
    enabled: userId !== undefined,
  });
}

/** People to add as members, by username or name. */
export function useUserSearch(search: string) {
  return useQuery({
    queryKey: projectKeys.userSearch(search),
    queryFn: ({ signal }) =>
      request<UserBasic[]>('/api/v4/users', { query: { search, per_page: 8, active: true }, signal }),
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

/** A user's personal namespace page: who they are and their projects the viewer may see. */
export function useUserProjects(username: string, page: number) {
  return useQuery({
    queryKey: [...projectKeys.lists(), 'user', username.toLowerCase(), page] as const,
    queryFn: async ({ signal }): Promise<Paged<Project>> => {
      const { data, headers } = await requestWithHeaders<Project[]>(
        `/api/v4/users/${encodeURIComponent(username)}/projects`,
        { query: { order_by: 'last_activity_at', page, per_page: PROJECTS_PER_PAGE }, signal },
      );
      return { items: data, total: totalOf(headers) };
    },
    placeholderData: keepPreviousData,
  });
}

/** What a path without `/-/` names. */
export type ResolvedPath =
  { kind: 'project' } | { kind: 'group' } | { kind: 'user'; user: UserBasic } | { kind: 'missing' };

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/**
 * Asks the API what `/a/b` is: a project (needs a namespace, so two segments or more), else a
 * group, else (one segment) a user. What it finds is cached for the page that shows it.
 */
export function useResolvedPath(fullPath: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['resolve', fullPath.toLowerCase()] as const,
    queryFn: async ({ signal }): Promise<ResolvedPath> => {
      if (fullPath.includes('/')) {
        try {
          const project = await request<Project>(projectApi(fullPath), { signal });
          queryClient.setQueryData(projectKeys.detail(fullPath), project);
          return { kind: 'project' };
        } catch (error) {
          if (!isNotFound(error)) throw error;
        }
      }
      try {
        const group = await request<Group>(`/api/v4/groups/${encodeURIComponent(fullPath)}`, { signal });
        queryClient.setQueryData(groupKeys.detail(fullPath), group);
        return { kind: 'group' };
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
      if (fullPath.includes('/')) return { kind: 'missing' };
      const [user] = await request<UserBasic[]>('/api/v4/users', { query: { username: fullPath }, signal });
      return user ? { kind: 'user', user } : { kind: 'missing' };
    },
    staleTime: 30_000,
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
