import {
  resolveApprovalSetting,
  type ApprovalSettingKey,
  type ApprovalSettingsChain,
  type StoredApprovalSettings,
} from './approvalSettings';

/**
 * GitLab's merge request approval settings API (`GET/PUT {groups|projects}/:id/
 * merge_request_approval_setting`) and GraphQL `mergeRequestApprovalSettings` speak in
 * permissions, not restrictions: `allow_author_approval` is "not prevent_approval_by_author".
 */
export const API_APPROVAL_SETTINGS = {
  allow_author_approval: { key: 'prevent_approval_by_author', negated: true },
  allow_committer_approval: { key: 'prevent_approval_by_commit_author', negated: true },
  allow_overrides_to_approver_list_per_merge_request: {
    key: 'disable_overriding_approvers_per_merge_request',
    negated: true,
  },
  retain_approvals_on_push: { key: 'remove_approvals_with_new_commit', negated: true },
  selective_code_owner_removals: { key: 'selective_code_owner_removals', negated: false },
  require_password_to_approve: { key: 'require_password_to_approve', negated: false },
} as const satisfies Record<string, { key: ApprovalSettingKey; negated: boolean }>;
export type ApiApprovalSettingName = keyof typeof API_APPROVAL_SETTINGS;

export interface ApiApprovalSetting {
  readonly value: boolean;
  readonly locked: boolean;
  readonly inherited_from: 'instance' | 'group' | null;
  /** Ours, beside GitLab's fields: the group a lock comes from, where `inherited_from` is `group`. */
  readonly inherited_from_group: { readonly name: string; readonly full_path: string } | null;
}

export type ApiApprovalSettings = Record<ApiApprovalSettingName, ApiApprovalSetting>;

const API_NAMES = Object.keys(API_APPROVAL_SETTINGS) as ApiApprovalSettingName[];

/** The API's answer for a group or a project: each setting's value, lock and origin. */
export function approvalSettingsApiResponse(
  level: 'group' | 'project',
  chain: ApprovalSettingsChain,
): ApiApprovalSettings {
  return Object.fromEntries(
    API_NAMES.map((name) => {
      const { key, negated } = API_APPROVAL_SETTINGS[name];
      const resolved = resolveApprovalSetting(key, level, chain);
      return [
        name,
        {
          value: negated ? !resolved.value : resolved.value,
          locked: resolved.locked,
          inherited_from: resolved.inheritedFrom,
          inherited_from_group: resolved.lockingGroup && {
            name: resolved.lockingGroup.name,
            full_path: resolved.lockingGroup.fullPath,
          },
        },
      ];
    }),
  ) as ApiApprovalSettings;
}

/** The settings a PUT sets, translated to stored restrictions (absent parameters are left out). */
export function approvalSettingsFromApi(
  params: Partial<Record<ApiApprovalSettingName, boolean>>,
): StoredApprovalSettings {
  const stored: StoredApprovalSettings = {};
  for (const name of API_NAMES) {
    const value = params[name];
    if (value === undefined) continue;
    const { key, negated } = API_APPROVAL_SETTINGS[name];
    stored[key] = negated ? !value : value;
  }
  return stored;
}

/** GitLab requires at least one of them in a PUT. */
export const AT_LEAST_ONE_APPROVAL_SETTING_MESSAGE = `${API_NAMES.join(', ')} are missing, at least one parameter must be provided`;

/**
 * The instance's settings, in GitLab's application settings names (`PUT /application/settings`):
 * restrictions, as stored, for the three settings an administrator may lock.
 */
export const INSTANCE_API_APPROVAL_SETTINGS = {
  prevent_merge_requests_author_approval: 'prevent_approval_by_author',
  prevent_merge_requests_committers_approval: 'prevent_approval_by_commit_author',
  disable_overriding_approvers_per_merge_request: 'disable_overriding_approvers_per_merge_request',
} as const satisfies Record<string, ApprovalSettingKey>;
export type InstanceApiApprovalSettingName = keyof typeof INSTANCE_API_APPROVAL_SETTINGS;

const INSTANCE_API_NAMES = Object.keys(INSTANCE_API_APPROVAL_SETTINGS) as InstanceApiApprovalSettingName[];

/** The instance's stored restrictions in the application settings' names (unset: not restricted). */
export function instanceApprovalSettingsApiResponse(
  stored: StoredApprovalSettings,
): Record<InstanceApiApprovalSettingName, boolean> {
  return Object.fromEntries(
    INSTANCE_API_NAMES.map((name) => [name, stored[INSTANCE_API_APPROVAL_SETTINGS[name]] === true]),
  ) as Record<InstanceApiApprovalSettingName, boolean>;
}

/** The restrictions an application settings PUT sets (absent parameters are left out). */
export function instanceApprovalSettingsFromApi(
  params: Partial<Record<InstanceApiApprovalSettingName, boolean>>,
): StoredApprovalSettings {
  const stored: StoredApprovalSettings = {};
  for (const name of INSTANCE_API_NAMES) {
    const value = params[name];
    if (value !== undefined) stored[INSTANCE_API_APPROVAL_SETTINGS[name]] = value;
  }
  return stored;
}
