import { describe, expect, it } from 'vitest';
import {
  APPROVAL_SETTING_KEYS,
  canChangeApprovalSetting,
  canOverrideApprovalRules,
  mergedGroupLevel,
  policiesOverridingApprovalSettings,
  resolveApprovalSetting,
  type ApprovalSettingKey,
  type ApprovalSettingLevel,
  type ApprovalSettingsChain,
} from './approvalSettings';
import {
  AT_LEAST_ONE_APPROVAL_SETTING_MESSAGE,
  approvalSettingsApiResponse,
  approvalSettingsFromApi,
} from './approvalSettingsApi';

const ADMIN_LOCKED =
  'This setting is configured at the instance level and can only be changed by an administrator.';
const GROUP_LOCKED =
  'This setting is configured in Acme and can only be changed in the group settings by an administrator or group owner.';

const ACME = { name: 'Acme', fullPath: 'acme' };
const chain = (overrides: Partial<ApprovalSettingsChain> = {}): ApprovalSettingsChain => ({
  instance: {},
  group: {},
  lockingGroups: Object.fromEntries(APPROVAL_SETTING_KEYS.map((key) => [key, ACME])),
  project: {},
  ...overrides,
});

type Resolved = [value: boolean, locked: boolean, inheritedFrom: 'instance' | 'group' | null];

describe('resolveApprovalSetting: inheritance and locking', () => {
  it.each<[string, ApprovalSettingKey, ApprovalSettingLevel, Partial<ApprovalSettingsChain>, Resolved]>([
    ['nothing set anywhere: free', 'prevent_approval_by_author', 'project', {}, [false, false, null]],
    [
      'the project restricts itself: not locked',
      'prevent_approval_by_author',
      'project',
      { project: { prevent_approval_by_author: true } },
      [true, false, null],
    ],
    [
      'an administrator restricts the instance: locked for the project',
      'prevent_approval_by_author',
      'project',
      { instance: { prevent_approval_by_author: true } },
      [true, true, 'instance'],
    ],
    [
      'an administrator restricts the instance: locked for the group',
      'prevent_approval_by_commit_author',
      'group',
      { instance: { prevent_approval_by_commit_author: true } },
      [true, true, 'instance'],
    ],
    [
      'the instance itself is never locked',
      'prevent_approval_by_author',
      'instance',
      { instance: { prevent_approval_by_author: true } },
      [true, false, null],
    ],
    [
      'a group owner restricts the group: locked for its projects',
      'disable_overriding_approvers_per_merge_request',
      'project',
      { group: { disable_overriding_approvers_per_merge_request: true } },
      [true, true, 'group'],
    ],
    [
      'the group’s own restriction does not lock the group',
      'disable_overriding_approvers_per_merge_request',
      'group',
      { group: { disable_overriding_approvers_per_merge_request: true } },
      [true, false, null],
    ],
    [
      'instance and group both restrict: inherited from the instance',
      'prevent_approval_by_author',
      'project',
      { instance: { prevent_approval_by_author: true }, group: { prevent_approval_by_author: true } },
      [true, true, 'instance'],
    ],
    [
      'a relaxed project value does not undo a restriction above',
      'prevent_approval_by_author',
      'project',
      { group: { prevent_approval_by_author: true }, project: { prevent_approval_by_author: false } },
      [true, true, 'group'],
    ],
    [
      'a parent group restricts: locked for its subgroup, from the group',
      'prevent_approval_by_author',
      'group',
      { group: {}, parentGroups: { prevent_approval_by_author: true } },
      [true, true, 'group'],
    ],
    [
      'a parent group and the instance restrict: the subgroup is locked from the instance',
      'prevent_approval_by_author',
      'group',
      { instance: { prevent_approval_by_author: true }, parentGroups: { prevent_approval_by_author: true } },
      [true, true, 'instance'],
    ],
    [
      'a parent group does not lock what it leaves free',
      'require_password_to_approve',
      'group',
      { group: { require_password_to_approve: true }, parentGroups: {} },
      [true, false, null],
    ],
    [
      'a parent group never locks the project-only setting',
      'selective_code_owner_removals',
      'group',
      { parentGroups: { selective_code_owner_removals: true } },
      [false, false, null],
    ],
    [
      'a project in a personal namespace has no group',
      'prevent_approval_by_author',
      'project',
      { group: null, project: { prevent_approval_by_author: false } },
      [false, false, null],
    ],
    [
      'removing approvals on push is not an instance setting',
      'remove_approvals_with_new_commit',
      'project',
      { instance: { remove_approvals_with_new_commit: true } },
      [false, false, null],
    ],
    [
      'a group can require removing approvals on push',
      'remove_approvals_with_new_commit',
      'project',
      { group: { remove_approvals_with_new_commit: true } },
      [true, true, 'group'],
    ],
    [
      'a group can require a password',
      'require_password_to_approve',
      'project',
      { group: { require_password_to_approve: true } },
      [true, true, 'group'],
    ],
    [
      'removing only code owner approvals is the project’s choice, never locked',
      'selective_code_owner_removals',
      'project',
      { group: { selective_code_owner_removals: true }, project: { selective_code_owner_removals: true } },
      [true, false, null],
    ],
    [
      'the merge request follows its project',
      'prevent_approval_by_commit_author',
      'merge_request',
      { project: { prevent_approval_by_commit_author: true } },
      [true, true, null],
    ],
  ])('%s', (_rule, key, level, overrides, expected) => {
    const resolved = resolveApprovalSetting(key, level, chain(overrides));
    expect([resolved.value, resolved.locked, resolved.inheritedFrom]).toEqual(expected);
  });

  it('a security policy enforces its settings on the merge request only', () => {
    const policies = [{ name: 'Strict', settings: { prevent_approval_by_author: true } }];
    const onMergeRequest = resolveApprovalSetting(
      'prevent_approval_by_author',
      'merge_request',
      chain({ policies }),
    );
    const onProject = resolveApprovalSetting('prevent_approval_by_author', 'project', chain({ policies }));
    expect(onMergeRequest).toEqual({
      value: true,
      locked: true,
      inheritedFrom: null,
      enforcedByPolicy: true,
      lockingGroup: null,
    });
    expect(onProject.value).toBe(false);
  });

  it('lists the policies that override the project’s own settings', () => {
    const policies = [
      {
        name: 'Strict',
        editPath: '/p/-/security/policies/Strict/edit',
        settings: { prevent_approval_by_author: true, require_password_to_approve: true },
      },
      { name: 'Loose', settings: { prevent_approval_by_author: false } },
    ];
    expect(
      policiesOverridingApprovalSettings(chain({ policies, project: { require_password_to_approve: true } })),
    ).toEqual([
      {
        name: 'Strict',
        editPath: '/p/-/security/policies/Strict/edit',
        settings: ['prevent_approval_by_author'],
      },
    ]);
  });
});

describe('canChangeApprovalSetting', () => {
  it.each<
    [
      string,
      ApprovalSettingKey,
      'instance' | 'group' | 'project',
      boolean,
      Partial<ApprovalSettingsChain>,
      string | null,
    ]
  >([
    [
      'a free setting can be relaxed',
      'prevent_approval_by_author',
      'project',
      false,
      { project: { prevent_approval_by_author: true } },
      null,
    ],
    [
      'relaxing what the instance locks is refused',
      'prevent_approval_by_author',
      'project',
      false,
      { instance: { prevent_approval_by_author: true } },
      ADMIN_LOCKED,
    ],
    [
      'relaxing what the group locks is refused, naming the group',
      'prevent_approval_by_commit_author',
      'project',
      false,
      { group: { prevent_approval_by_commit_author: true } },
      GROUP_LOCKED,
    ],
    [
      'setting the locked value again is harmless',
      'prevent_approval_by_author',
      'project',
      true,
      { instance: { prevent_approval_by_author: true } },
      null,
    ],
    [
      'a group cannot relax what the instance locks',
      'disable_overriding_approvers_per_merge_request',
      'group',
      false,
      { instance: { disable_overriding_approvers_per_merge_request: true } },
      ADMIN_LOCKED,
    ],
    [
      'an administrator changes the instance freely',
      'prevent_approval_by_author',
      'instance',
      false,
      { instance: { prevent_approval_by_author: true } },
      null,
    ],
    [
      'a setting a level does not hold is refused',
      'require_password_to_approve',
      'instance',
      true,
      {},
      'require_password_to_approve cannot be set at the instance level',
    ],
  ])('%s', (_rule, key, level, value, overrides, refusal) => {
    const change = canChangeApprovalSetting(key, level, value, chain(overrides));
    expect(change.allowed ? null : change.message).toBe(refusal);
  });

  it.each<[string, Partial<ApprovalSettingsChain>, boolean]>([
    ['rules may be edited per merge request by default', {}, true],
    [
      'not when the project disables it',
      { project: { disable_overriding_approvers_per_merge_request: true } },
      false,
    ],
    [
      'not when the instance disables it',
      { instance: { disable_overriding_approvers_per_merge_request: true } },
      false,
    ],
  ])('canOverrideApprovalRules: %s', (_rule, overrides, allowed) => {
    expect(canOverrideApprovalRules(chain(overrides)).allowed).toBe(allowed);
  });
});

describe('approvalSettingsApiResponse: GitLab’s API shape', () => {
  it('answers permissions with value, locked and inherited_from', () => {
    const response = approvalSettingsApiResponse(
      'project',
      chain({
        instance: { prevent_approval_by_author: true },
        group: { require_password_to_approve: true },
        project: { remove_approvals_with_new_commit: true, selective_code_owner_removals: true },
      }),
    );
    expect(response).toEqual({
      allow_author_approval: {
        value: false,
        locked: true,
        inherited_from: 'instance',
        inherited_from_group: null,
      },
      allow_committer_approval: {
        value: true,
        locked: false,
        inherited_from: null,
        inherited_from_group: null,
      },
      allow_overrides_to_approver_list_per_merge_request: {
        value: true,
        locked: false,
        inherited_from: null,
        inherited_from_group: null,
      },
      retain_approvals_on_push: {
        value: false,
        locked: false,
        inherited_from: null,
        inherited_from_group: null,
      },
      selective_code_owner_removals: {
        value: true,
        locked: false,
        inherited_from: null,
        inherited_from_group: null,
      },
      require_password_to_approve: {
        value: true,
        locked: true,
        inherited_from: 'group',
        inherited_from_group: { name: 'Acme', full_path: 'acme' },
      },
    });
  });

  it('reads a PUT’s permissions as stored restrictions, leaving out what was not sent', () => {
    expect(
      approvalSettingsFromApi({
        allow_author_approval: false,
        retain_approvals_on_push: true,
        require_password_to_approve: true,
      }),
    ).toEqual({
      prevent_approval_by_author: true,
      remove_approvals_with_new_commit: false,
      require_password_to_approve: true,
    });
  });

  it('names every parameter when none is sent, as Grape does', () => {
    expect(AT_LEAST_ONE_APPROVAL_SETTING_MESSAGE).toBe(
      'allow_author_approval, allow_committer_approval, allow_overrides_to_approver_list_per_merge_request, retain_approvals_on_push, selective_code_owner_removals, require_password_to_approve are missing, at least one parameter must be provided',
    );
  });
});

describe('mergedGroupLevel: a project\u2019s groups as one level', () => {
  it.each<[string, Parameters<typeof mergedGroupLevel>[0], ReturnType<typeof mergedGroupLevel>]>([
    ['a personal namespace: no group level', [], { group: null, lockingGroups: {} }],
    [
      'nothing restricted: no group locks anything',
      [
        { name: 'Child', fullPath: 'root/parent/child', settings: {} },
        { name: 'Parent', fullPath: 'root/parent', settings: { prevent_approval_by_author: false } },
      ],
      { group: {}, lockingGroups: {} },
    ],
    [
      'the parent and the grandparent restrict different settings: each lock names its own group',
      [
        { name: 'Child', fullPath: 'root/parent/child', settings: {} },
        { name: 'Parent', fullPath: 'root/parent', settings: { prevent_approval_by_author: true } },
        { name: 'Root', fullPath: 'root', settings: { require_password_to_approve: true } },
      ],
      {
        group: { prevent_approval_by_author: true, require_password_to_approve: true },
        lockingGroups: {
          prevent_approval_by_author: { name: 'Parent', fullPath: 'root/parent' },
          require_password_to_approve: { name: 'Root', fullPath: 'root' },
        },
      },
    ],
    [
      'the parent and the grandparent restrict the same setting: the grandparent, highest, locks it',
      [
        { name: 'Parent', fullPath: 'root/parent', settings: { prevent_approval_by_author: true } },
        { name: 'Root', fullPath: 'root', settings: { prevent_approval_by_author: true } },
      ],
      {
        group: { prevent_approval_by_author: true },
        lockingGroups: { prevent_approval_by_author: { name: 'Root', fullPath: 'root' } },
      },
    ],
  ])('%s', (_title, groups, expected) => {
    expect(mergedGroupLevel(groups)).toEqual(expected);
  });
});
