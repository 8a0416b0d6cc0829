import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Group } from '../../../shared/api/groups';
import type { Project } from '../../../shared/api/projects';
import type { UserBasic } from '../../../shared/api/users';
import { request } from '../../api/client';
import { isNotFound } from '../../lib/apiErrors';
import { projectApi } from '../../lib/projectApi';
import { groupKeys } from '../groups/queries';
import { projectKeys } from '../projects/queries';

/** What a path without `/-/` names. */
export type ResolvedPath =
  { kind: 'project' } | { kind: 'group' } | { kind: 'user'; user: UserBasic } | { kind: 'missing' };

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
