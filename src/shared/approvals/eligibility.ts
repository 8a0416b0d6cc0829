import { ACCESS_LEVELS } from '../access/accessLevels';
import type { ApproverFilterSettings, MergeRequestPeople, UserId } from './approvalRules';

/**
 * The approvers a setting leaves: without the author when `prevent_approval_by_author`, without
 * those who committed or authored commits when `prevent_approval_by_commit_author`. Order kept,
 * duplicates dropped.
 */
export function filterEligibleApprovers(
  userIds: readonly UserId[],
  people: MergeRequestPeople,
  settings: ApproverFilterSettings,
): UserId[] {
  const committers = new Set(people.committerIds);
  return [...new Set(userIds)].filter(
    (id) =>
      !(settings.preventApprovalByAuthor && id === people.authorId) &&
      !(settings.preventApprovalByCommitAuthor && committers.has(id)),
  );
}

export interface CanApproveInput {
  readonly userId: UserId | null;
  /** The user may approve merge requests of this project at all (role, open merge request). */
  readonly hasApprovePermission: boolean;
  readonly approvedByIds: readonly UserId[];
  readonly people: MergeRequestPeople;
  readonly settings: ApproverFilterSettings;
}

/**
 * `userPermissions.canApprove`: anyone allowed to approve who has not approved yet, except the
 * author and committers where the settings exclude them. (GitLab first lets through the
 * unactioned approvers of its rules, who already passed those same filters.)
 */
export function canApprove(input: CanApproveInput): boolean {
  const { userId } = input;
  if (userId === null || !input.hasApprovePermission) return false;
  if (input.approvedByIds.includes(userId)) return false;
  return filterEligibleApprovers([userId], input.people, input.settings).length === 1;
}

/** The "Why can't I approve?" case: committers may not approve and the viewer committed. */
export function committerCannotApprove(
  userId: UserId | null,
  committerIds: readonly UserId[],
  preventApprovalByCommitAuthor: boolean,
): boolean {
  return userId !== null && preventApprovalByCommitAuthor && committerIds.includes(userId);
}

/**
 * 002 §6: who may manage a merge request's approvals (its rules): members whose base access
 * level is Developer or Maintainer, or whose (custom) role grants ADMIN_MERGE_REQUEST. Owners
 * hold every Maintainer right, so they may too.
 */
export function canManageMergeRequestApprovals(facts: {
  baseAccessLevel: number;
  adminMergeRequest: boolean;
}): boolean {
  return facts.adminMergeRequest || facts.baseAccessLevel >= ACCESS_LEVELS.developer;
}
