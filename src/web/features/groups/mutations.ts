import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGroupBody, Group } from '../../../shared/api/groups';
import { request } from '../../api/client';
import { groupKeys } from './queries';

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateGroupBody) => request<Group>('/api/v4/groups', { method: 'POST', body }),
    onSuccess: (group) => {
      queryClient.setQueryData(groupKeys.detail(group.full_path), group);
      // The namespaces a project may be created in are under groupKeys.all too.
      return queryClient.invalidateQueries({ queryKey: groupKeys.all });
    },
  });
}
