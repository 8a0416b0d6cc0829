import { describe, expect, it } from 'vitest';
import type { ApiApprovalSettings } from '../../../shared/approvals';
import { changedSettings, lockedReason, onCommitBody, onCommitOf } from './approvalSettingsForm';

const open = { value: false, locked: false, inherited_from: null, inherited_from_group: null } as const;
const settings = (overrides: Partial<ApiApprovalSettings> = {}): ApiApprovalSettings => ({
  allow_author_approval: open,
  allow_committer_approval: { ...open, value: true },
  allow_overrides_to_approver_list_per_merge_request: { ...open, value: true },
  retain_approvals_on_push: open,
  selective_code_owner_removals: open,
  require_password_to_approve: open,
  ...overrides,
});

describe('the approval settings form', () => {
  it.each([
    [false, false, 'removeAll'],
    [true, false, 'keep'],
    [true, true, 'removeCodeOwners'],
  ] as const)(
    'retain %s and selective %s read as %s, and are written back alike',
    (retain, selective, choice) => {
      const loaded = settings({
        retain_approvals_on_push: { ...open, value: retain },
        selective_code_owner_removals: { ...open, value: selective },
      });
      expect(onCommitOf(loaded)).toBe(choice);
      expect(onCommitBody(choice)).toEqual({
        retain_approvals_on_push: retain,
        selective_code_owner_removals: selective,
      });
    },
  );

  it('says why a locked setting cannot change, by where it is locked', () => {
    expect(lockedReason(open)).toBeNull();
    expect(lockedReason({ ...open, locked: true, inherited_from: 'instance' })).toBe(
      'This setting is configured at the instance level and can only be changed by an administrator.',
    );
    const platform = { name: 'Platform', full_path: 'platform' };
    expect(
      lockedReason({ ...open, locked: true, inherited_from: 'group', inherited_from_group: platform }),
    ).toBe(
      'This setting is configured in Platform and can only be changed in the group settings by an administrator or group owner.',
    );
  });

  it('sends only settings that changed and are not locked', () => {
    const loaded = settings({
      allow_author_approval: { ...open, locked: true, inherited_from: 'instance' },
    });
    expect(
      changedSettings(loaded, {
        allow_author_approval: true,
        require_password_to_approve: true,
        allow_committer_approval: true,
      }),
    ).toEqual({ require_password_to_approve: true });
  });
});
