import type { DetailedMergeStatus } from '../api/mergeRequests';
import { assertNever } from '../lib/assertNever';
import { MERGE_BLOCKER_MESSAGES } from '../merge-checks/mergeChecks';

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
      return MERGE_BLOCKER_MESSAGES.open;
    case 'draft_status':
      return MERGE_BLOCKER_MESSAGES.draft;
    case 'broken_status':
      return branches.sourceBranchExists
        ? `The target branch ${branches.targetBranch} does not exist.`
        : `The source branch ${branches.sourceBranch} does not exist.`;
    case 'commits_status':
      return MERGE_BLOCKER_MESSAGES.commits;
    case 'ci_must_pass':
    case 'ci_still_running':
      return MERGE_BLOCKER_MESSAGES.pipelineMustSucceed;
    case 'discussions_not_resolved':
      return MERGE_BLOCKER_MESSAGES.threads;
    case 'conflict':
      return MERGE_BLOCKER_MESSAGES.conflicts;
    case 'need_rebase':
      return MERGE_BLOCKER_MESSAGES.rebase;
    case 'requested_changes':
      return MERGE_BLOCKER_MESSAGES.requestedChanges;
    case 'approvals_syncing':
      return MERGE_BLOCKER_MESSAGES.approvalsSyncing;
    case 'not_approved':
      return MERGE_BLOCKER_MESSAGES.approvals;
    case 'merge_request_blocked':
      return MERGE_BLOCKER_MESSAGES.dependencies;
    case 'status_checks_must_pass':
      return MERGE_BLOCKER_MESSAGES.statusChecks;
    case 'title_regex':
      return MERGE_BLOCKER_MESSAGES.titleRegex;
    case 'unchecked':
    case 'checking':
      return NOT_MERGEABLE;
    default:
      return assertNever(status);
  }
}
