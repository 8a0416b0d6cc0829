import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PersonalAccessToken } from '../../../shared/api/accessTokens';
import { requestPage } from '../../lib/pagination';

export const TOKENS_PER_PAGE = 20;

export const accessTokenKeys = {
  all: ['personal_access_tokens'] as const,
  active: (userId: number, page: number) => [...accessTokenKeys.all, 'active', userId, page] as const,
};

/** One page of the user's active personal access tokens, with the page count from GitLab's headers. */
export function useActiveAccessTokens(userId: number, page: number) {
  return useQuery({
    queryKey: accessTokenKeys.active(userId, page),
    queryFn: ({ signal }) =>
      requestPage<PersonalAccessToken>('/api/v4/personal_access_tokens', {
        query: { user_id: userId, state: 'active', page, per_page: TOKENS_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
