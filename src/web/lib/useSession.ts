import { useQuery } from '@tanstack/react-query';
import type { SessionResponse } from '../../shared/api/session';
import { request, setCsrfToken } from '../api/client';

export const sessionKey = ['session'] as const;

/** Who is signed in; also primes the API client with the session's CSRF token. */
export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: async () => {
      const session = await request<SessionResponse>('/-/session');
      setCsrfToken(session.csrf_token);
      return session;
    },
    staleTime: 60_000,
  });
}
