import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPROVAL_PASSWORD_FIELD } from '../../../shared/approvals';
import { request } from '../../api/client';
import { approvalKeys, approvalsApi } from './queries';

type ApproveInput = { sha: string | null; password: string | null };

/**
 * Approve (with the head the viewer saw, and the password when one is asked) and revoke. Both
 * read the approvals again afterwards; `onSettled` lets the widget refresh what else they move
 * (the merge checks).
 */
export function useApprovalActions(fullPath: string, iid: number, onSettled: () => void) {
  const queryClient = useQueryClient();
  const settled = async () => {
    await queryClient.invalidateQueries({ queryKey: approvalKeys.one(fullPath, iid) });
    onSettled();
  };
  const approve = useMutation({
    mutationFn: ({ sha, password }: ApproveInput) =>
      request(`${approvalsApi(fullPath, iid)}/approve`, {
        method: 'POST',
        body: {
          ...(sha ? { sha } : {}),
          ...(password !== null ? { [APPROVAL_PASSWORD_FIELD]: password } : {}),
        },
      }),
    onSuccess: settled,
  });
  const revoke = useMutation({
    mutationFn: () => request(`${approvalsApi(fullPath, iid)}/unapprove`, { method: 'POST' }),
    onSettled: settled,
  });
  return { approve, revoke };
}
