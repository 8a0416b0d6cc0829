import type { DetailedMergeStatus } from '../api/mergeRequests';
import { assertNever } from '../lib/assertNever';

export type MergeBlocker = Exclude<DetailedMergeStatus, 'mergeable'>;

/** GitLab's words when a merge runs but cannot be carried out (no blocker names the reason). */
export const NOT_MERGEABLE = 'Merge request is not mergeable';

/**
 * Why a merge request cannot be merged now, in the spec's merge blocker words, for the merge
 * call's `merge_error` (the widget shows it as '{error}. Try again.').
 */
export function mergeBlockerMessage(
  status: MergeBlocker,
  branches: { sourceBranch: string; targetBranch: string; sourceBranchExists: boolean },
): string {
  switch (status) {
    case 'not_open':
      return 'Merge request must be open.';
    case 'draft_status':
      return 'Merge request must not be draft.';
    case 'broken_status':
      return branches.sourceBranchExists
        ? `The target branch ${branches.targetBranch} does not exist.`
        : `The source branch ${branches.sourceBranch} does not exist.`;
    case 'commits_status':
      return 'Source branch exists and contains commits.';
    case 'ci_must_pass':
      return 'Pipeline must succeed.';
    case 'conflict':
      return 'Merge conflicts must be resolved.';
    case 'need_rebase':
      return 'Merge request must be rebased, because a fast-forward merge is not possible.';
    case 'unchecked':
    case 'checking':
      return NOT_MERGEABLE;
    default:
      return assertNever(status);
  }
}
