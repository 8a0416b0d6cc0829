import {
  mergedGroupLevel,
  resolveApprovalSettings,
  type ApprovalSettingsChain,
  type StoredApprovalSettings,
} from '../../../shared/approvals';
import type { Db } from '../../db/client';
import { findApprovalSettings, type ApprovalSettingsValues } from './approvals.repo';
import {
  findInstanceApprovalSettings,
  groupSettingsChain,
  projectNamespaceId,
} from './approval-settings.repo';

/** A project's stored values in the words of the shared settings rules (`prevent_*`, `remove_*`...). */
export function storedSettingsOf(values: ApprovalSettingsValues): StoredApprovalSettings {
  return {
    prevent_approval_by_author: values.preventApprovalByAuthor,
    prevent_approval_by_commit_author: values.preventApprovalByCommitAuthor,
    disable_overriding_approvers_per_merge_request: values.disableOverridingApproversPerMergeRequest,
    remove_approvals_with_new_commit: values.removeApprovalsWithNewCommit,
    require_password_to_approve: values.requirePasswordToApprove,
    selective_code_owner_removals: values.selectiveCodeOwnerRemovals,
  };
}

/** Instance, the project's groups (its own and every ancestor, as one level) and the project. */
export async function projectSettingsChain(db: Db, projectId: number): Promise<ApprovalSettingsChain> {
  const namespaceId = await projectNamespaceId(db, projectId);
  const [instance, groups, project] = await Promise.all([
    findInstanceApprovalSettings(db),
    namespaceId === null ? [] : groupSettingsChain(db, namespaceId),
    findApprovalSettings(db, projectId),
  ]);
  return { instance, ...mergedGroupLevel(groups), project: storedSettingsOf(project) };
}

/** Instance, the group's ancestors (they lock a subgroup) and the group's own values. */
export async function groupSettingsLevelChain(db: Db, groupId: number): Promise<ApprovalSettingsChain> {
  const [instance, [own, ...ancestors]] = await Promise.all([
    findInstanceApprovalSettings(db),
    groupSettingsChain(db, groupId),
  ]);
  const above = mergedGroupLevel(ancestors);
  return {
    instance,
    group: own?.settings ?? {},
    parentGroups: above.group,
    lockingGroups: above.lockingGroups,
  };
}

/**
 * The settings a project's merge requests obey: its own values where nothing above restricts,
 * the instance's or a group's restriction where one does. Approve refusals, author and committer
 * prevention, resets on push and rule editing all read these, never the project's row alone.
 */
export async function effectiveApprovalSettings(db: Db, projectId: number): Promise<ApprovalSettingsValues> {
  const [own, chain] = await Promise.all([
    findApprovalSettings(db, projectId),
    projectSettingsChain(db, projectId),
  ]);
  const resolved = resolveApprovalSettings('project', chain);
  return {
    ...own,
    preventApprovalByAuthor: resolved.prevent_approval_by_author.value,
    preventApprovalByCommitAuthor: resolved.prevent_approval_by_commit_author.value,
    disableOverridingApproversPerMergeRequest: resolved.disable_overriding_approvers_per_merge_request.value,
    removeApprovalsWithNewCommit: resolved.remove_approvals_with_new_commit.value,
    requirePasswordToApprove: resolved.require_password_to_approve.value,
  };
}
