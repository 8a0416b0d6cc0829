import { APPROVAL_SETTINGS_MESSAGES, fill } from './approvalMessages';

/**
 * The approval settings, in the words of the spec's policy settings (002 §3) plus the two
 * project options GitLab adds. Each is a "restriction": `true` restricts, and a level that
 * restricts locks every level below it.
 */
export const APPROVAL_SETTING_KEYS = [
  'prevent_approval_by_author',
  'prevent_approval_by_commit_author',
  'disable_overriding_approvers_per_merge_request',
  'remove_approvals_with_new_commit',
  'require_password_to_approve',
  'selective_code_owner_removals',
] as const;
export type ApprovalSettingKey = (typeof APPROVAL_SETTING_KEYS)[number];

export const APPROVAL_SETTING_LEVELS = ['instance', 'group', 'project', 'merge_request'] as const;
export type ApprovalSettingLevel = (typeof APPROVAL_SETTING_LEVELS)[number];
type StoringLevel = Exclude<ApprovalSettingLevel, 'merge_request'>;

/**
 * Where GitLab stores each setting. Instance: an administrator's; group: the root group's, set by
 * its owners; project: the project's. "Remove only code owner approvals whose files changed" is a
 * project choice that nothing above locks.
 */
export const APPROVAL_SETTING_STORED_AT: Readonly<Record<ApprovalSettingKey, readonly StoringLevel[]>> = {
  prevent_approval_by_author: ['instance', 'group', 'project'],
  prevent_approval_by_commit_author: ['instance', 'group', 'project'],
  disable_overriding_approvers_per_merge_request: ['instance', 'group', 'project'],
  remove_approvals_with_new_commit: ['group', 'project'],
  require_password_to_approve: ['group', 'project'],
  selective_code_owner_removals: ['project'],
};

/** The settings a security policy's `approval_settings` may enforce on a merge request. */
export const POLICY_APPROVAL_SETTING_KEYS = [
  'prevent_approval_by_author',
  'prevent_approval_by_commit_author',
  'remove_approvals_with_new_commit',
  'require_password_to_approve',
] as const satisfies readonly ApprovalSettingKey[];
export type PolicyApprovalSettingKey = (typeof POLICY_APPROVAL_SETTING_KEYS)[number];

/** Values stored at one level; a missing key is not set there and restricts nothing. */
export type StoredApprovalSettings = Partial<Record<ApprovalSettingKey, boolean>>;

export interface ApprovalPolicySettings {
  readonly name: string;
  readonly editPath?: string;
  readonly settings: Partial<Record<PolicyApprovalSettingKey, boolean>>;
}

export interface ApprovalSettingsChain {
  readonly instance: StoredApprovalSettings;
  /**
   * The group level: for a project, what its groups restrict (its own group's and every
   * ancestor's, merged); for a group, its own values. Null for a project in a personal namespace.
   */
  readonly group?: StoredApprovalSettings | null;
  /**
   * At the group level only: what the group's ancestors restrict (merged). A subgroup inherits
   * them as a project does, so they lock it, from `'group'`.
   */
  readonly parentGroups?: StoredApprovalSettings | null;
  /**
   * For each setting a group restricts from above, the group it comes from (the highest one that
   * restricts it): named in the locked message and the refusal.
   */
  readonly lockingGroups?: LockingGroups;
  readonly project?: StoredApprovalSettings | null;
  /** Security policies applying to the merge request (merge request level only). */
  readonly policies?: readonly ApprovalPolicySettings[];
}

export interface ResolvedApprovalSetting {
  readonly value: boolean;
  /** A level above restricts it: it cannot be relaxed here. */
  readonly locked: boolean;
  /** The highest level above that restricts it. */
  readonly inheritedFrom: 'instance' | 'group' | null;
  /** A security policy enforces it on this merge request. */
  readonly enforcedByPolicy: boolean;
  /** Where `inheritedFrom` is `'group'`: the group the lock comes from. */
  readonly lockingGroup: GroupRef | null;
}

/** A group as the locked texts name it. */
export interface GroupRef {
  readonly name: string;
  readonly fullPath: string;
}

export type LockingGroups = Partial<Record<ApprovalSettingKey, GroupRef>>;

const LEVEL_ORDER: Readonly<Record<ApprovalSettingLevel, number>> = {
  instance: 0,
  group: 1,
  project: 2,
  merge_request: 3,
};

/** Does this level restrict `key`? Below the group level, the group's ancestors count as the group. */
function restrictsAt(
  chain: ApprovalSettingsChain,
  stored: StoringLevel,
  key: ApprovalSettingKey,
  level: ApprovalSettingLevel,
): boolean {
  if (chain[stored]?.[key] === true) return true;
  return stored === 'group' && level !== 'group' && chain.parentGroups?.[key] === true;
}

/**
 * The effective value of one setting at one level, as GitLab's approval settings resolver
 * answers: it restricts if any level at or above restricts it; it is locked, and inherited
 * from the highest such level, if a level strictly above restricts it. At the merge request
 * level the project's value holds and a security policy may add its restriction.
 */
export function resolveApprovalSetting(
  key: ApprovalSettingKey,
  level: ApprovalSettingLevel,
  chain: ApprovalSettingsChain,
): ResolvedApprovalSetting {
  const levels = APPROVAL_SETTING_STORED_AT[key].filter(
    (stored) => LEVEL_ORDER[stored] <= LEVEL_ORDER[level],
  );
  const restricting = levels.filter((stored) => restrictsAt(chain, stored, key, level));
  // A subgroup's ancestors restrict it from above, at the same (group) level.
  const parentGroupsLock =
    level === 'group' &&
    APPROVAL_SETTING_STORED_AT[key].includes('group') &&
    chain.parentGroups?.[key] === true;
  const above: StoringLevel[] = restricting.filter((stored) => LEVEL_ORDER[stored] < LEVEL_ORDER[level]);
  if (parentGroupsLock && !above.includes('instance')) above.push('group');
  const enforcedByPolicy =
    level === 'merge_request' &&
    isPolicyKey(key) &&
    (chain.policies ?? []).some((policy) => policy.settings[key] === true);
  const inheritedFrom = above.find((stored): stored is 'instance' | 'group' => stored !== 'project') ?? null;
  return {
    value: restricting.length > 0 || parentGroupsLock || enforcedByPolicy,
    locked: above.length > 0 || enforcedByPolicy,
    inheritedFrom,
    enforcedByPolicy,
    lockingGroup: inheritedFrom === 'group' ? (chain.lockingGroups?.[key] ?? null) : null,
  };
}

function isPolicyKey(key: ApprovalSettingKey): key is PolicyApprovalSettingKey {
  return (POLICY_APPROVAL_SETTING_KEYS as readonly string[]).includes(key);
}

/** Every setting resolved at one level. */
export function resolveApprovalSettings(
  level: ApprovalSettingLevel,
  chain: ApprovalSettingsChain,
): Record<ApprovalSettingKey, ResolvedApprovalSetting> {
  return Object.fromEntries(
    APPROVAL_SETTING_KEYS.map((key) => [key, resolveApprovalSetting(key, level, chain)]),
  ) as Record<ApprovalSettingKey, ResolvedApprovalSetting>;
}

export type SettingChange = { allowed: true } | { allowed: false; message: string };

/**
 * May this level set `key` to `value`? Relaxing a setting a level above restricts is refused
 * with the words of GitLab's settings screens; setting the value it already has is harmless.
 * Who may edit a level at all (administrators the instance, owners the group) is a permission
 * the server checks first.
 */
export function canChangeApprovalSetting(
  key: ApprovalSettingKey,
  level: StoringLevel,
  value: boolean,
  chain: ApprovalSettingsChain,
): SettingChange {
  if (!APPROVAL_SETTING_STORED_AT[key].includes(level)) {
    return { allowed: false, message: `${key} cannot be set at the ${level} level` };
  }
  const resolved = resolveApprovalSetting(key, level, chain);
  if (!resolved.locked || value === resolved.value) return { allowed: true };
  return { allowed: false, message: lockedMessage(resolved) };
}

/** The explanation shown next to a locked setting, naming the group the lock comes from. */
export function lockedMessage(
  resolved: Pick<ResolvedApprovalSetting, 'inheritedFrom' | 'lockingGroup'>,
): string {
  if (resolved.inheritedFrom === 'instance') return APPROVAL_SETTINGS_MESSAGES.lockedByAdmin;
  return fill(APPROVAL_SETTINGS_MESSAGES.lockedByGroupOwner, {
    groupName: resolved.lockingGroup?.name ?? '',
  });
}

/**
 * Approval rules may be edited per merge request unless overriding is disabled somewhere above;
 * GitLab then refuses the API call as it refuses any forbidden one.
 */
export function canOverrideApprovalRules(chain: ApprovalSettingsChain): SettingChange {
  const resolved = resolveApprovalSetting(
    'disable_overriding_approvers_per_merge_request',
    'merge_request',
    chain,
  );
  return resolved.value ? { allowed: false, message: '403 Forbidden' } : { allowed: true };
}

/** The policies that enforce something the project's own settings do not (the widget's icon). */
export function policiesOverridingApprovalSettings(
  chain: ApprovalSettingsChain,
): { name: string; editPath: string | null; settings: PolicyApprovalSettingKey[] }[] {
  return (chain.policies ?? [])
    .map((policy) => ({
      name: policy.name,
      editPath: policy.editPath ?? null,
      settings: POLICY_APPROVAL_SETTING_KEYS.filter(
        (key) => policy.settings[key] === true && !resolveApprovalSetting(key, 'project', chain).value,
      ),
    }))
    .filter((policy) => policy.settings.length > 0);
}

/** One group's own stored settings, named for the refusal text. */
export interface NamedGroupApprovalSettings extends GroupRef {
  readonly settings: StoredApprovalSettings;
}

/**
 * Several groups seen as one group level: a setting any of them restricts is restricted, and its
 * lock is said to come from the highest of them that restricts it (relaxing any group below would
 * not lift it). `groups` is nearest first; none (a personal namespace) gives no group level.
 */
export function mergedGroupLevel(groups: readonly NamedGroupApprovalSettings[]): {
  group: StoredApprovalSettings | null;
  lockingGroups: LockingGroups;
} {
  if (groups.length === 0) return { group: null, lockingGroups: {} };
  const group: StoredApprovalSettings = {};
  const lockingGroups: { [K in ApprovalSettingKey]?: GroupRef } = {};
  for (const { name, fullPath, settings } of groups) {
    for (const key of APPROVAL_SETTING_KEYS) {
      if (settings[key] !== true) continue;
      group[key] = true;
      // Nearest first: a later (higher) group that restricts the setting replaces a nearer one.
      lockingGroups[key] = { name, fullPath };
    }
  }
  return { group, lockingGroups };
}
