import type { UserId } from './approvalRules';

export interface RecordedApproval {
  readonly userId: UserId;
  /** The merge request's patch-id when this approval was given (null when unknown). */
  readonly patchIdSha: string | null;
}

export interface ApprovedCodeOwnerRule {
  /** The rule's CODEOWNERS pattern. */
  readonly name: string;
  /** Its eligible approvers who approved. */
  readonly approvedByIds: readonly UserId[];
}

export interface PushResetInput {
  readonly approvals: readonly RecordedApproval[];
  /** The merge request's patch-id after the push; null when it could not be computed. */
  readonly patchIdSha: string | null;
  /** Effective `remove_approvals_with_new_commit` (the project's, or a security policy's). */
  readonly removeApprovalsWithNewCommit: boolean;
  /** Effective `selective_code_owner_removals`. */
  readonly selectiveCodeOwnerRemovals: boolean;
  /** Code owner rules some approval satisfies before the push. */
  readonly codeOwnerRules: readonly ApprovedCodeOwnerRule[];
  /**
   * The CODEOWNERS patterns owning the paths this push changed (since the previous head):
   * `matchChangedPaths` over those paths.
   */
  readonly changedCodeOwnerPatterns: readonly string[];
}

export interface PushResetResult {
  readonly removed: UserId[];
  readonly kept: UserId[];
}

/**
 * Which approvals a push removes, as GitLab's ResetApprovalsService decides:
 * - removing approvals on new commits removes them all;
 * - otherwise, in the code-owner mode, it removes the approvals of code owners whose rules own
 *   a file the push changed;
 * - otherwise nothing.
 * Either way an approval given on the same patch-id survives: a rebase that changes no line of
 * the merge request's diff keeps its approvals.
 */
export function approvalsResetByPush(input: PushResetInput): PushResetResult {
  const candidates = approvalsToReconsider(input);
  const removed = input.approvals
    .filter((approval) => candidates.has(approval.userId) && !samePatch(approval, input.patchIdSha))
    .map((approval) => approval.userId);
  const removedSet = new Set(removed);
  return { removed, kept: input.approvals.map((a) => a.userId).filter((id) => !removedSet.has(id)) };
}

function approvalsToReconsider(input: PushResetInput): Set<UserId> {
  if (input.removeApprovalsWithNewCommit) return new Set(input.approvals.map((approval) => approval.userId));
  if (!input.selectiveCodeOwnerRemovals) return new Set();
  const changed = new Set(input.changedCodeOwnerPatterns);
  return new Set(
    input.codeOwnerRules.filter((rule) => changed.has(rule.name)).flatMap((rule) => rule.approvedByIds),
  );
}

function samePatch(approval: RecordedApproval, patchIdSha: string | null): boolean {
  return patchIdSha !== null && approval.patchIdSha === patchIdSha;
}
