import { describe, expect, it } from 'vitest';
import type { ApprovalRuleInput } from './approvalRules';
import { computeApprovalState, type ApprovalStateInput } from './approvalState';

const AUTHOR = 1;
const COMMITTER = 2;

const rule = (id: string, overrides: Partial<ApprovalRuleInput> = {}): ApprovalRuleInput => ({
  id,
  kind: 'regular',
  name: id,
  approvalsRequired: 1,
  approverIds: [],
  ...overrides,
});

const input = (overrides: Partial<ApprovalStateInput>): ApprovalStateInput => ({
  rules: [],
  approvedByIds: [],
  people: { authorId: AUTHOR, committerIds: [COMMITTER] },
  settings: { preventApprovalByAuthor: false, preventApprovalByCommitAuthor: false },
  codeOwnerApprovalRequired: false,
  ...overrides,
});

type Overall = { required: number; left: number; approved: boolean; needed: boolean };
const overall = (state: ReturnType<typeof computeApprovalState>): Overall => ({
  required: state.approvalsRequired,
  left: state.approvalsLeft,
  approved: state.approved,
  needed: state.approvalNeeded,
});

describe('computeApprovalState: overall', () => {
  it.each<[string, Partial<ApprovalStateInput>, Overall]>([
    ['no rules: approved, nothing required', {}, { required: 0, left: 0, approved: true, needed: false }],
    [
      'a rule short of approvals from its approvers is not approved',
      { rules: [rule('QA', { approvalsRequired: 2, approverIds: [10, 11, 12] })], approvedByIds: [10] },
      { required: 2, left: 1, approved: false, needed: true },
    ],
    [
      'approvals from people the rule does not name do not count for it',
      { rules: [rule('QA', { approverIds: [10, 11] })], approvedByIds: [99] },
      { required: 1, left: 1, approved: false, needed: true },
    ],
    [
      'named rules add up',
      {
        rules: [
          rule('QA', { approverIds: [10, 11] }),
          rule('Security', { approvalsRequired: 2, approverIds: [20, 21] }),
        ],
        approvedByIds: [10],
      },
      { required: 3, left: 2, approved: false, needed: true },
    ],
    [
      'the any-approver rule decides when it asks more than the named rules together',
      {
        rules: [
          rule('All', { kind: 'any_approver', approvalsRequired: 3 }),
          rule('QA', { approverIds: [10, 11] }),
        ],
        approvedByIds: [10],
      },
      { required: 3, left: 2, approved: false, needed: true },
    ],
    [
      'the named rules decide when they ask more than the any-approver rule',
      {
        rules: [
          rule('All', { kind: 'any_approver', approvalsRequired: 1 }),
          rule('QA', { approvalsRequired: 2, approverIds: [10, 11] }),
        ],
        approvedByIds: [50],
      },
      { required: 2, left: 2, approved: false, needed: true },
    ],
    [
      'an approval from anyone eligible satisfies the any-approver rule',
      { rules: [rule('All', { kind: 'any_approver', approvalsRequired: 1 })], approvedByIds: [50] },
      { required: 1, left: 0, approved: true, needed: true },
    ],
    [
      'an optional any-approver rule (0 required) needs nothing',
      { rules: [rule('All', { kind: 'any_approver', approvalsRequired: 0 })] },
      { required: 0, left: 0, approved: true, needed: false },
    ],
    [
      'an invalid rule is approved automatically but its approvals still show as left',
      { rules: [rule('QA', { approvalsRequired: 2, approverIds: [10] })] },
      { required: 2, left: 2, approved: true, needed: true },
    ],
    [
      'an invalid rule of a security policy blocks the merge',
      {
        rules: [
          rule('Policy', {
            kind: 'report_approver',
            approvalsRequired: 2,
            approverIds: [10],
            fromSecurityPolicy: true,
          }),
        ],
      },
      { required: 2, left: 2, approved: false, needed: true },
    ],
    [
      'an invalid rule of a policy that fails open leaves nothing to approve',
      {
        rules: [
          rule('Policy', {
            kind: 'report_approver',
            approvalsRequired: 2,
            approverIds: [10],
            fromSecurityPolicy: true,
            failOpen: true,
          }),
        ],
      },
      { required: 2, left: 0, approved: true, needed: true },
    ],
    [
      'the fallback rule counts every approval',
      { rules: [rule('', { kind: 'fallback', approvalsRequired: 2 })], approvedByIds: [50, 51] },
      { required: 2, left: 0, approved: true, needed: true },
    ],
    [
      'nothing counts as approved while code owner rules are syncing',
      { rules: [], syncing: true },
      { required: 0, left: 0, approved: false, needed: false },
    ],
  ])('%s', (_rule, overrides, expected) => {
    expect(overall(computeApprovalState(input(overrides)))).toEqual(expected);
  });
});

describe('computeApprovalState: who may approve under a rule', () => {
  it.each<[string, Partial<ApprovalStateInput>, number[], number[]]>([
    [
      'the author and committers are eligible by default',
      { approvedByIds: [AUTHOR] },
      [AUTHOR, COMMITTER, 10],
      [AUTHOR],
    ],
    [
      'prevent_approval_by_author removes the author and their approval',
      {
        approvedByIds: [AUTHOR],
        settings: { preventApprovalByAuthor: true, preventApprovalByCommitAuthor: false },
      },
      [COMMITTER, 10],
      [],
    ],
    [
      'prevent_approval_by_commit_author removes committers and commit authors',
      {
        approvedByIds: [COMMITTER],
        settings: { preventApprovalByAuthor: false, preventApprovalByCommitAuthor: true },
      },
      [AUTHOR, 10],
      [],
    ],
    [
      'both settings together',
      {
        approvedByIds: [10],
        settings: { preventApprovalByAuthor: true, preventApprovalByCommitAuthor: true },
      },
      [10],
      [10],
    ],
  ])('%s', (_rule, overrides, eligible, approvedBy) => {
    const state = computeApprovalState(
      input({ rules: [rule('QA', { approverIds: [AUTHOR, COMMITTER, 10] })], ...overrides }),
    );
    expect(state.rules[0]!.eligibleApproverIds).toEqual(eligible);
    expect(state.rules[0]!.approvedByIds).toEqual(approvedBy);
  });

  it('the author’s approval does not satisfy the any-approver rule when authors may not approve', () => {
    const state = computeApprovalState(
      input({
        rules: [rule('All', { kind: 'any_approver', approvalsRequired: 1 })],
        approvedByIds: [AUTHOR],
        settings: { preventApprovalByAuthor: true, preventApprovalByCommitAuthor: false },
      }),
    );
    expect([state.approvalsLeft, state.approved]).toEqual([1, false]);
    expect(state.approvedByIds).toEqual([AUTHOR]);
  });

  it('a rule left with too few approvers once the author is removed becomes invalid', () => {
    const state = computeApprovalState(
      input({
        rules: [rule('QA', { approvalsRequired: 1, approverIds: [AUTHOR] })],
        settings: { preventApprovalByAuthor: true, preventApprovalByCommitAuthor: false },
      }),
    );
    expect(state.rules[0]).toMatchObject({ invalid: true, allowMergeWhenInvalid: true, approved: true });
    expect(state.invalidApproversRules).toEqual([{ id: 'QA', name: 'QA' }]);
  });
});

describe('computeApprovalState: code owner rules', () => {
  const owners = (overrides: Partial<ApprovalRuleInput>) =>
    rule('*.rb', {
      kind: 'code_owner',
      section: 'codeowners',
      approvalsRequired: 0,
      approverIds: [30, 31],
      ...overrides,
    });

  it.each<
    [
      string,
      Partial<ApprovalRuleInput>,
      boolean,
      { required: number; invalid: boolean; listedInvalid: boolean },
    ]
  >([
    [
      'nothing required where the branch does not require code owner approval',
      {},
      false,
      { required: 0, invalid: false, listedInvalid: false },
    ],
    [
      'one approval required on a branch that requires code owner approval',
      {},
      true,
      { required: 1, invalid: false, listedInvalid: false },
    ],
    [
      'the section count [2] requires two',
      { approvalsRequired: 2 },
      true,
      { required: 2, invalid: false, listedInvalid: false },
    ],
    [
      'an optional section requires nothing',
      { sectionOptional: true, approvalsRequired: 2 },
      true,
      { required: 0, invalid: false, listedInvalid: false },
    ],
    [
      'a count larger than the owners: invalid, approved automatically',
      { approvalsRequired: 3 },
      true,
      { required: 3, invalid: true, listedInvalid: true },
    ],
    [
      'no eligible owner: nothing required, but listed as a rule nobody can approve',
      { approverIds: [] },
      true,
      { required: 0, invalid: false, listedInvalid: true },
    ],
    [
      'no eligible owner where code owners are not required: not listed',
      { approverIds: [] },
      false,
      { required: 0, invalid: false, listedInvalid: false },
    ],
  ])('%s', (_rule, overrides, branchRequires, expected) => {
    const state = computeApprovalState(
      input({ rules: [owners(overrides)], codeOwnerApprovalRequired: branchRequires }),
    );
    expect({
      required: state.rules[0]!.approvalsRequired,
      invalid: state.rules[0]!.invalid,
      listedInvalid: state.invalidApproversRules.length === 1,
    }).toEqual(expected);
  });

  it('an approval by one owner satisfies a required code owner rule', () => {
    const state = computeApprovalState(
      input({ rules: [owners({})], approvedByIds: [31], codeOwnerApprovalRequired: true }),
    );
    expect(state.rules[0]).toMatchObject({ approvalsLeft: 0, approved: true, approvedByIds: [31] });
    expect(state.approved).toBe(true);
  });
});

describe('computeApprovalState: rules left and history', () => {
  it('names the any-approver rule among the rules left only when it decides', () => {
    const rules = [
      rule('All', { kind: 'any_approver', approvalsRequired: 1 }),
      rule('QA', { approverIds: [10] }),
    ];
    expect(computeApprovalState(input({ rules })).rulesLeft.map((r) => r.name)).toEqual(['QA']);
    const larger = [
      rule('All', { kind: 'any_approver', approvalsRequired: 3 }),
      rule('QA', { approverIds: [10] }),
    ];
    expect(computeApprovalState(input({ rules: larger })).rulesLeft.map((r) => r.name)).toEqual([
      'All Members',
      'QA',
    ]);
  });

  it('after a merge keeps only the rules that were valid and approved', () => {
    const state = computeApprovalState(
      input({
        merged: true,
        rules: [
          rule('QA', { approverIds: [10] }),
          rule('Unmet', { approverIds: [11] }),
          rule('Invalid', { approvalsRequired: 2, approverIds: [12] }),
        ],
        approvedByIds: [10],
      }),
    );
    expect(state.rules.map((r) => r.name)).toEqual(['QA']);
    expect(state.approved).toBe(true);
  });
});
