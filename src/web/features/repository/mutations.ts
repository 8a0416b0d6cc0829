import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import { repositoryKeys } from './queries';

export function useDeleteBranch(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (branch: string) =>
      request<null>(
        `/api/v4/projects/${encodeURIComponent(fullPath)}/repository/branches/${encodeURIComponent(branch)}`,
        { method: 'DELETE' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: repositoryKeys.all(fullPath) }),
  });
}
