import {
  APPROVAL_SETTINGS_LABELS,
  APPROVAL_SETTINGS_MESSAGES,
  fill,
  type ApiApprovalSetting,
  type ApiApprovalSettingName,
  type ApiApprovalSettings,
  type InstanceApiApprovalSettingName,
} from '../../../shared/approvals';

/** The settings screen's restrictions: each checkbox is the API's permission, negated. */
export const SETTING_CHECKBOXES = [
  { name: 'allow_author_approval', label: APPROVAL_SETTINGS_LABELS.preventApprovalByAuthor, negated: true },
  {
    name: 'allow_committer_approval',
    label: APPROVAL_SETTINGS_LABELS.preventApprovalByCommitters,
    negated: true,
  },
  {
    name: 'allow_overrides_to_approver_list_per_merge_request',
    label: APPROVAL_SETTINGS_LABELS.preventEditingRulesInMergeRequests,
    negated: true,
  },
  { name: 'require_password_to_approve', label: APPROVAL_SETTINGS_LABELS.requirePassword, negated: false },
] as const satisfies readonly { name: ApiApprovalSettingName; label: string; negated: boolean }[];

/**
 * A group's boxes: the same, but "editing approval rules" reaches its projects too (GitLab's
 * group wording).
 */
export const GROUP_SETTING_CHECKBOXES = SETTING_CHECKBOXES.map((box) =>
  box.name === 'allow_overrides_to_approver_list_per_merge_request'
    ? { ...box, label: APPROVAL_SETTINGS_LABELS.preventEditingRulesInProjectsAndMergeRequests }
    : box,
);

/** The admin area's boxes: the three settings GitLab keeps at the instance level, as restrictions. */
export const INSTANCE_SETTING_CHECKBOXES = [
  {
    name: 'prevent_merge_requests_author_approval',
    label: APPROVAL_SETTINGS_LABELS.preventApprovalByCreator,
  },
  {
    name: 'prevent_merge_requests_committers_approval',
    label: APPROVAL_SETTINGS_LABELS.preventApprovalByCommitters,
  },
  {
    name: 'disable_overriding_approvers_per_merge_request',
    label: APPROVAL_SETTINGS_LABELS.preventEditingRulesInProjectsAndMergeRequests,
  },
] as const satisfies readonly { name: InstanceApiApprovalSettingName; label: string }[];

/** "When a commit is added:" (GitLab's radio over `retain_approvals_on_push` and `selective_code_owner_removals`). */
export type OnCommit = 'keep' | 'removeAll' | 'removeCodeOwners';

export const ON_COMMIT_CHOICES: readonly { value: OnCommit; label: string }[] = [
  { value: 'keep', label: APPROVAL_SETTINGS_LABELS.keepApprovals },
  { value: 'removeAll', label: APPROVAL_SETTINGS_LABELS.removeAllApprovals },
  { value: 'removeCodeOwners', label: APPROVAL_SETTINGS_LABELS.removeCodeOwnerApprovals },
];

/** A group has no code owners of its own: keep or remove all. */
export const GROUP_ON_COMMIT_CHOICES = ON_COMMIT_CHOICES.filter(
  (choice) => choice.value !== 'removeCodeOwners',
);

export function onCommitOf(settings: ApiApprovalSettings): OnCommit {
  if (!settings.retain_approvals_on_push.value) return 'removeAll';
  return settings.selective_code_owner_removals.value ? 'removeCodeOwners' : 'keep';
}

/** GitLab removes code owner approvals selectively only where it keeps the others. */
export function onCommitBody(choice: OnCommit) {
  return {
    retain_approvals_on_push: choice !== 'removeAll',
    selective_code_owner_removals: choice === 'removeCodeOwners',
  };
}

/**
 * Why a locked setting cannot be changed here, naming where the lock comes from (the server says
 * which group: a grandparent's lock is not the parent's); null when it is not locked.
 */
export function lockedReason(setting: ApiApprovalSetting): string | null {
  if (!setting.locked) return null;
  if (setting.inherited_from === 'instance') return APPROVAL_SETTINGS_MESSAGES.lockedByAdmin;
  return fill(APPROVAL_SETTINGS_MESSAGES.lockedByGroupOwner, {
    groupName: setting.inherited_from_group?.name ?? '',
  });
}

export type SettingsDraft = Partial<Record<ApiApprovalSettingName, boolean>>;

/** What a save sends: every setting changed from its loaded value that is not locked. */
export function changedSettings(loaded: ApiApprovalSettings, draft: SettingsDraft): SettingsDraft {
  return Object.fromEntries(
    Object.entries(draft).filter(([name, value]) => {
      const setting = loaded[name as ApiApprovalSettingName];
      return !setting.locked && setting.value !== value;
    }),
  );
}
