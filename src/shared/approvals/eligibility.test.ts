import { describe, expect, it } from 'vitest';
import { parseCodeOwners } from '../code-owners/parseCodeOwners';
import { createCodeOwnersMatcher } from '../code-owners/codeOwnersMatcher';
import { matchChangedPaths } from '../code-owners/changedPathOwners';
import { computeApprovalState } from './approvalState';
import { codeOwnerApprovalRules } from './codeOwnerApprovalRules';
import {
  canApprove,
  canManageMergeRequestApprovals,
  committerCannotApprove,
  type CanApproveInput,
} from './eligibility';

const AUTHOR = 1;
const COMMITTER = 2;
const OTHER = 3;

const asking = (overrides: Partial<CanApproveInput>): CanApproveInput => ({
  userId: OTHER,
  hasApprovePermission: true,
  approvedByIds: [],
  people: { authorId: AUTHOR, committerIds: [COMMITTER] },
  settings: { preventApprovalByAuthor: false, preventApprovalByCommitAuthor: false },
  ...overrides,
});

describe('canApprove', () => {
  it.each<[string, Partial<CanApproveInput>, boolean]>([
    ['a member who may approve and has not', {}, true],
    ['not without permission to approve', { hasApprovePermission: false }, false],
    ['not twice', { approvedByIds: [OTHER] }, false],
    ['not signed in', { userId: null }, false],
    ['the author, when authors may approve', { userId: AUTHOR }, true],
    [
      'not the author under prevent_approval_by_author',
      { userId: AUTHOR, settings: { preventApprovalByAuthor: true, preventApprovalByCommitAuthor: false } },
      false,
    ],
    ['a committer, when committers may approve', { userId: COMMITTER }, true],
    [
      'not a committer under prevent_approval_by_commit_author',
      {
        userId: COMMITTER,
        settings: { preventApprovalByAuthor: false, preventApprovalByCommitAuthor: true },
      },
      false,
    ],
    [
      'others stay free to approve under both settings',
      { settings: { preventApprovalByAuthor: true, preventApprovalByCommitAuthor: true } },
      true,
    ],
  ])('%s', (_rule, overrides, expected) => {
    expect(canApprove(asking(overrides))).toBe(expected);
  });

  it.each<[number | null, boolean, boolean]>([
    [COMMITTER, true, true],
    [COMMITTER, false, false],
    [OTHER, true, false],
    [null, true, false],
  ])('committerCannotApprove(%s, prevent %s) = %s', (userId, prevent, expected) => {
    expect(committerCannotApprove(userId, [COMMITTER], prevent)).toBe(expected);
  });
});

describe('codeOwnerApprovalRules: code owner rules from CODEOWNERS sections', () => {
  const source = ['*.rb @ruby', '[Docs][2]', '*.md @writer1 @writer2', '^[Go]', '*.go @gopher', ''].join(
    '\n',
  );
  const owners: Record<string, number[]> = { ruby: [10], writer1: [20], writer2: [21], gopher: [30] };

  it('one rule per section and pattern, with the section count and optional sections never required', () => {
    const file = parseCodeOwners(source);
    const matches = matchChangedPaths(file, createCodeOwnersMatcher(file), ['a.rb', 'README.md', 'main.go']);
    const rules = codeOwnerApprovalRules(file, matches, (entry) =>
      entry.owners.names.flatMap((name) => owners[name] ?? []),
    );
    const state = computeApprovalState({
      rules,
      approvedByIds: [10],
      people: { authorId: AUTHOR, committerIds: [] },
      settings: { preventApprovalByAuthor: false, preventApprovalByCommitAuthor: false },
      codeOwnerApprovalRequired: true,
    });
    expect(
      state.rules.map((r) => [r.section, r.name, r.approvalsRequired, r.approvalsLeft, r.approved]),
    ).toEqual([
      ['codeowners', '*.rb', 1, 0, true],
      ['Docs', '*.md', 2, 2, false],
      ['Go', '*.go', 0, 0, true],
    ]);
    expect([state.approvalsRequired, state.approvalsLeft, state.approved]).toEqual([3, 2, false]);
  });
});

describe('canManageMergeRequestApprovals (002 §6)', () => {
  it.each<[string, number, boolean, boolean]>([
    ['a Developer', 30, false, true],
    ['a Maintainer', 40, false, true],
    ['an Owner', 50, false, true],
    ['a Reporter', 20, false, false],
    ['a Reporter whose custom role grants ADMIN_MERGE_REQUEST', 20, true, true],
    ['a Guest', 10, false, false],
  ])('%s: %s', (_rule, baseAccessLevel, adminMergeRequest, expected) => {
    expect(canManageMergeRequestApprovals({ baseAccessLevel, adminMergeRequest })).toBe(expected);
  });
});
