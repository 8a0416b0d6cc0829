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
