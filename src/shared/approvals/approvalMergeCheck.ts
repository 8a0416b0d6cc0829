import type { MergeCheck } from '../merge-checks/mergeChecks';
import type { ApprovalsWidgetMode } from './approvalsWidget';
import type { ApprovalState } from './approvalState';

/**
 * The NOT_APPROVED merge check (000 §3): it fails while the approval state is not approved
 * (a required approval missing, a blocking invalid rule, or rules still syncing), passes
 * otherwise. Basic approvals never require anything, so there it always passes.
 */
export function notApprovedCheck(
  state: Pick<ApprovalState, 'approved'>,
  mode: ApprovalsWidgetMode,
): MergeCheck {
  const passes = mode === 'base' || state.approved;
  return { identifier: 'NOT_APPROVED', status: passes ? 'SUCCESS' : 'FAILED' };
}

/**
 * "Merge is prevented when approval is needed (approvals available and not approved)" (000 §4):
 * the two facts the auto-merge strategy choice reads.
 */
export function approvalFacts(state: Pick<ApprovalState, 'approvalNeeded' | 'approved'>): {
  approvalsAvailable: boolean;
  approved: boolean;
} {
  return { approvalsAvailable: state.approvalNeeded, approved: state.approved };
}

/**
 * How long a push's syncing mark holds at most: recording a push's new head takes seconds, so a
 * mark older than this was left by a process that died mid-push, and no longer blocks merging.
 */
export const APPROVALS_SYNC_TIMEOUT_MS = 10 * 60 * 1000;

/** Whether a request's approvals are syncing: marked by a push still being recorded, and not stale. */
export function approvalsSyncing(since: Date | null, now: Date): boolean {
  return since !== null && now.getTime() - since.getTime() < APPROVALS_SYNC_TIMEOUT_MS;
}
