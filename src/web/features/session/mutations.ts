import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionResponse, SignInRequest, SignUpRequest } from '../../../shared/api/session';
import { request, setCsrfToken } from '../../api/client';
import { sessionKey } from '../../lib/useSession';

/** A new session changes what every page may show: keep its answer and refetch everything else. */
async function adoptSession(queryClient: QueryClient, session: SessionResponse): Promise<void> {
  setCsrfToken(session.csrf_token);
  queryClient.setQueryData(sessionKey, session);
  await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInRequest) => request<SessionResponse>('/users/sign_in', { method: 'POST', body }),
    onSuccess: (session) => adoptSession(queryClient, session),
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignUpRequest) => request<SessionResponse>('/users', { method: 'POST', body }),
    onSuccess: (session) => adoptSession(queryClient, session),
  });
}

/** Signs out and forgets everything fetched as the user, so nothing private stays on screen. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<null>('/users/sign_out', { method: 'POST' }),
    onSuccess: async () => {
      setCsrfToken(null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
      await queryClient.resetQueries({ queryKey: sessionKey });
    },
    // Most likely the page held an old CSRF token: ask again who is signed in.
    onError: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}
