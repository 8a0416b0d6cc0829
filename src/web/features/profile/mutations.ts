import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePersonalAccessToken, NewPersonalAccessToken } from '../../../shared/api/accessTokens';
import { request } from '../../api/client';
import { accessTokenKeys } from './queries';

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePersonalAccessToken) =>
      request<NewPersonalAccessToken>('/api/v4/personal_access_tokens', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.all }),
  });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<null>(`/api/v4/personal_access_tokens/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.all }),
  });
}
