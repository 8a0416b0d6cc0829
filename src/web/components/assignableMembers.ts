import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Member } from '../../shared/api/members';
import { request } from '../api/client';
import { projectApi } from '../lib/projectApi';

/** Project members (inherited ones too) who can be picked as assignees, filtered by name. */
export function useAssignableMembers(fullPath: string, search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['members', 'assignable', fullPath, search] as const,
    queryFn: ({ signal }) =>
      request<Member[]>(`${projectApi(fullPath)}/members/all`, {
        query: { query: search || undefined, per_page: 20 },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
