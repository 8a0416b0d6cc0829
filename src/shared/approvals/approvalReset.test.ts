import { describe, expect, it } from 'vitest';
import { approvalsResetByPush, type PushResetInput } from './approvalReset';

const NEW_PATCH = 'patch-after';
const OLD_PATCH = 'patch-before';

const push = (overrides: Partial<PushResetInput>): PushResetInput => ({
  approvals: [
    { userId: 1, patchIdSha: OLD_PATCH },
    { userId: 2, patchIdSha: OLD_PATCH },
    { userId: 3, patchIdSha: OLD_PATCH },
  ],
  patchIdSha: NEW_PATCH,
  removeApprovalsWithNewCommit: false,
  selectiveCodeOwnerRemovals: false,
  codeOwnerRules: [
    { name: '*.rb', approvedByIds: [1] },
    { name: 'docs/', approvedByIds: [2] },
  ],
  changedCodeOwnerPatterns: ['*.rb'],
  ...overrides,
});

describe('approvalsResetByPush', () => {
  it.each<[string, Partial<PushResetInput>, number[], number[]]>([
    ['approvals are kept when nothing asks to remove them', {}, [], [1, 2, 3]],
    [
      'remove_approvals_with_new_commit removes every approval',
      { removeApprovalsWithNewCommit: true },
      [1, 2, 3],
      [],
    ],
    [
      'removing all wins over the code-owner mode',
      { removeApprovalsWithNewCommit: true, selectiveCodeOwnerRemovals: true },
      [1, 2, 3],
      [],
    ],
    [
      'code-owner mode removes the owners of changed files only',
      { selectiveCodeOwnerRemovals: true },
      [1],
      [2, 3],
    ],
    [
      'code-owner mode keeps owners whose files did not change',
      { selectiveCodeOwnerRemovals: true, changedCodeOwnerPatterns: ['*.go'] },
      [],
      [1, 2, 3],
    ],
    [
      'a rebase that leaves the patch-id unchanged keeps every approval',
      { removeApprovalsWithNewCommit: true, patchIdSha: OLD_PATCH },
      [],
      [1, 2, 3],
    ],
    [
      'an approval given on the new patch-id survives, older ones do not',
      {
        removeApprovalsWithNewCommit: true,
        approvals: [
          { userId: 1, patchIdSha: OLD_PATCH },
          { userId: 2, patchIdSha: NEW_PATCH },
        ],
      },
      [1],
      [2],
    ],
    [
      'an approval without a recorded patch-id is removed',
      { removeApprovalsWithNewCommit: true, approvals: [{ userId: 1, patchIdSha: null }] },
      [1],
      [],
    ],
    [
      'without a patch-id for the push, nothing is taken as unchanged',
      { removeApprovalsWithNewCommit: true, patchIdSha: null, approvals: [{ userId: 1, patchIdSha: null }] },
      [1],
      [],
    ],
  ])('%s', (_rule, overrides, removed, kept) => {
    expect(approvalsResetByPush(push(overrides))).toEqual({ removed, kept });
  });
});
