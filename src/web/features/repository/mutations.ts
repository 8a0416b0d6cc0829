import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileChangeBody } from '../../../shared/api/repository';
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

/** What the single-file editor commits: a file's new content on a branch, or on a new branch started from it. */
export type FileCommit = {
  action: 'create' | 'update';
  path: string;
  branch: string;
  startBranch: string | null;
  message: string;
  content: string;
  /** The last commit that touched the file when editing began: a newer one refuses the commit. */
  lastCommitId: string | null;
};

export function useCommitFile(fullPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commit: FileCommit) =>
      request<{ file_path: string; branch: string }>(
        `/api/v4/projects/${encodeURIComponent(fullPath)}/repository/files/${encodeURIComponent(commit.path)}`,
        {
          method: commit.action === 'create' ? 'POST' : 'PUT',
          body: {
            branch: commit.branch,
            commit_message: commit.message,
            content: commit.content,
            ...(commit.startBranch ? { start_branch: commit.startBranch } : {}),
            ...(commit.lastCommitId ? { last_commit_id: commit.lastCommitId } : {}),
          } satisfies FileChangeBody,
        },
      ),
    // The branch moved: every view of the project (and its merge requests' diffs) may be stale.
    // Not awaited: the editor moves on at once instead of waiting for every view to be read again.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
