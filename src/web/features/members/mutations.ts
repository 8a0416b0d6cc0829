import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Member } from '../../../shared/api/members';
import { request } from '../../api/client';
import { memberKeys, membersApi, type MemberSource } from './queries';

function useMembersChanged(source: MemberSource) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: memberKeys.members(source) });
}

export function useAddMember(source: MemberSource) {
  const onSuccess = useMembersChanged(source);
  return useMutation({
    mutationFn: (body: { user_id: number; access_level: number }) =>
      request<Member>(membersApi(source), { method: 'POST', body }),
    onSuccess,
  });
}

export function useUpdateMember(source: MemberSource) {
  const onSuccess = useMembersChanged(source);
  return useMutation({
    mutationFn: ({ userId, accessLevel }: { userId: number; accessLevel: number }) =>
      request<Member>(`${membersApi(source)}/${userId}`, {
        method: 'PUT',
        body: { access_level: accessLevel },
      }),
    onSuccess,
  });
}

export function useRemoveMember(source: MemberSource) {
  const onSuccess = useMembersChanged(source);
  return useMutation({
    mutationFn: (userId: number) => request<null>(`${membersApi(source)}/${userId}`, { method: 'DELETE' }),
    onSuccess,
  });
}
