import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Member } from '../../../shared/api/members';
import type { UserBasic } from '../../../shared/api/users';
import { ApiError, request } from '../../api/client';
import { requestPage } from '../../lib/pagination';

export const MEMBERS_PER_PAGE = 20;

/** Whose members: a project's or a group's, by full path. */
export type MemberSource = { kind: 'projects' | 'groups'; fullPath: string };

export const membersApi = (source: MemberSource): string =>
  `/api/v4/${source.kind}/${encodeURIComponent(source.fullPath)}/members`;

export const memberKeys = {
  members: (source: MemberSource) => ['members', source.kind, source.fullPath.toLowerCase()] as const,
  memberPage: (source: MemberSource, page: number) => [...memberKeys.members(source), page] as const,
  myAccess: (source: MemberSource, userId: number) => [...memberKeys.members(source), 'me', userId] as const,
  userSearch: (search: string) => ['users', 'search', search] as const,
};

export function useMembers(source: MemberSource, page: number) {
  return useQuery({
    queryKey: memberKeys.memberPage(source, page),
    queryFn: ({ signal }) =>
      requestPage<Member>(membersApi(source), { query: { page, per_page: MEMBERS_PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The viewer's effective level in a group (0 when none): decides which group actions to offer. */
export function useMyAccessLevel(source: MemberSource, userId: number | undefined) {
  return useQuery({
    queryKey: memberKeys.myAccess(source, userId ?? 0),
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
    queryKey: memberKeys.userSearch(search),
    queryFn: ({ signal }) =>
      request<UserBasic[]>('/api/v4/users', { query: { search, per_page: 8, active: true }, signal }),
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}
