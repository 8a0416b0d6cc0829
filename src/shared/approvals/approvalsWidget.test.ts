import { describe, expect, it } from 'vitest';
import type { WidgetState } from '../merge-widget/widgetState';
import {
  approvalsAction,
  approvalsWidgetMode,
  approvalsSummary,
  approveFailure,
  assignReviewersAction,
  invalidRulesMessage,
  nounSeries,
  showApprovalsSection,
  whyCantIApprove,
  type ApprovalsWidgetInput,
  type WidgetRule,
} from './approvalsWidget';

const ME = 7;

const widget = (overrides: Partial<ApprovalsWidgetInput> = {}): ApprovalsWidgetInput => ({
  mode: 'full',
  currentUserId: ME,
  mergeRequestState: 'opened',
  approversAvailable: true,
  multipleApprovalRulesAvailable: true,
  requirePasswordToApprove: false,
  requireSamlAuthToApprove: false,
  disableCommittersApproval: false,
  approved: false,
  approvalsLeft: 1,
  approvalsRequired: 1,
  approvedByIds: [],
  committerIds: [],
  canApprove: true,
  rules: [],
  ...overrides,
});

const rule = (name: string, overrides: Partial<WidgetRule> = {}): WidgetRule => ({
  id: name,
  kind: 'regular',
  name,
  section: null,
  approved: false,
  approvalsRequired: 1,
  invalid: false,
  allowMergeWhenInvalid: true,
  approvedByIds: [],
  ...overrides,
});

describe('approvalsAction: which button the viewer gets', () => {
  it.each<[string, Partial<ApprovalsWidgetInput>, string | null]>([
    ['Approve: not approved yet, may approve, open', {}, 'approve:Approve:primary'],
    ['no Approve on a closed merge request', { mergeRequestState: 'closed' }, null],
    ['no Approve on a locked merge request', { mergeRequestState: 'locked' }, null],
    [
      '"Approve additionally" once others gave every required approval',
      { approvedByIds: [8], approvalsLeft: 0, approved: true },
      'approve:Approve additionally:secondary',
    ],
    [
      '"Approve" (secondary) when nothing is left and nobody approved',
      { approvalsLeft: 0, approvalsRequired: 0 },
      'approve:Approve:secondary',
    ],
    [
      '"Approve" while approvals are still missing, even after others approved',
      { approvedByIds: [8], approvalsLeft: 1 },
      'approve:Approve:primary',
    ],
    [
      'Revoke: approved, and may no longer approve',
      { approvedByIds: [ME], canApprove: false },
      'revoke:Revoke approval',
    ],
    [
      'Revoke on a closed, unmerged request',
      { approvedByIds: [ME], canApprove: false, mergeRequestState: 'closed' },
      'revoke:Revoke approval',
    ],
    ['no Revoke once merged', { approvedByIds: [ME], canApprove: false, mergeRequestState: 'merged' }, null],
    ['nothing for a viewer who may not approve and did not', { canApprove: false }, null],
    ['nothing for a signed-out visitor', { currentUserId: null, canApprove: false }, null],
    ['Approve with SAML', { requireSamlAuthToApprove: true }, 'approve:Approve with SAML:primary'],
    [
      'Approve additionally with SAML',
      { requireSamlAuthToApprove: true, approvedByIds: [8], approvalsLeft: 0 },
      'approve:Approve additionally with SAML:secondary',
    ],
  ])('%s', (_rule, overrides, expected) => {
    const action = approvalsAction(widget(overrides));
    const described =
      action === null
        ? null
        : action.kind === 'approve'
          ? `approve:${action.text}:${action.category}`
          : `revoke:${action.text}`;
    expect(described).toBe(expected);
  });

  it.each<[string, Partial<ApprovalsWidgetInput>, boolean]>([
    ['the password modal opens when a password is required', { requirePasswordToApprove: true }, true],
    ['basic approvals never ask for a password', { requirePasswordToApprove: true, mode: 'base' }, false],
    ['no password asked when not required', {}, false],
  ])('%s', (_rule, overrides, needsPassword) => {
    const action = approvalsAction(widget(overrides));
    expect(action?.kind === 'approve' && action.needsPassword).toBe(needsPassword);
  });
});

describe('approveFailure', () => {
  it.each<[string, { withPassword: boolean; status: number | null }, string]>([
    [
      'with a password, 401 marks the password invalid',
      { withPassword: true, status: 401 },
      'field:Approval password is invalid.',
    ],
    [
      'with a password, any other status is an alert',
      { withPassword: true, status: 500 },
      'alert:An error occurred while submitting your approval.',
    ],
    [
      'a network failure is an alert',
      { withPassword: true, status: null },
      'alert:An error occurred while submitting your approval.',
    ],
    [
      'without a password, 401 is an alert',
      { withPassword: false, status: 401 },
      'alert:An error occurred while submitting your approval.',
    ],
  ])('%s', (_rule, failure, expected) => {
    const outcome = approveFailure(failure);
    expect(
      outcome.kind === 'passwordInvalid' ? `field:${outcome.fieldMessage}` : `alert:${outcome.message}`,
    ).toBe(expected);
  });
});

describe('approvalsSummary', () => {
  it('says "Checking approval status" while loading', () => {
    expect(approvalsSummary(null)).toEqual({ kind: 'loading', text: 'Checking approval status' });
  });

  it.each<[string, Partial<ApprovalsWidgetInput>, boolean]>([
    [
      'optional when nothing is required and nobody approved; help for those who can act',
      { approvalsRequired: 0, approvalsLeft: 0 },
      true,
    ],
    [
      'optional without help for those who cannot act',
      { approvalsRequired: 0, approvalsLeft: 0, canApprove: false },
      false,
    ],
    [
      'always optional in basic approvals until someone approves',
      { mode: 'base', approvalsRequired: 2 },
      true,
    ],
  ])('%s', (_rule, overrides, showHelp) => {
    expect(approvalsSummary(widget(overrides))).toEqual({
      kind: 'optional',
      text: 'Approval is optional',
      showHelp,
    });
  });

  it.each<[string, Partial<ApprovalsWidgetInput>, string, string]>([
    [
      'one approval from eligible users when rules are not named',
      { multipleApprovalRulesAvailable: false },
      'Requires 1 approval from eligible users.',
      '',
    ],
    [
      'plural approvals from eligible users',
      { approvalsLeft: 2, approvalsRequired: 2 },
      'Requires 2 approvals from eligible users.',
      '',
    ],
    [
      'the rules left by name, code owner rules once',
      {
        approvalsLeft: 2,
        approvalsRequired: 3,
        rules: [
          rule('QA'),
          rule('Done', { approved: true }),
          rule('*.rb', { kind: 'code_owner', section: 'codeowners' }),
          rule('*.md', { kind: 'code_owner', section: 'Docs' }),
        ],
      },
      'Requires 2 approvals from QA and Code Owners.',
      '',
    ],
    [
      'eligible users first, then rules, report rules and Code Owners',
      {
        approvalsLeft: 4,
        rules: [
          rule('All Members', { kind: 'any_approver' }),
          rule('QA'),
          rule('', { kind: 'regular' }),
          rule('License-Check', { kind: 'report_approver' }),
          rule('*.rb', { kind: 'code_owner' }),
        ],
      },
      'Requires 4 approvals from eligible users, QA, License-Check, and Code Owners.',
      '',
    ],
    [
      'nothing left once approved, by you',
      { approved: true, approvalsLeft: 0, approvedByIds: [ME] },
      '',
      'Approved by you',
    ],
    [
      'approved by you and others',
      { approved: true, approvalsLeft: 0, approvedByIds: [8, ME] },
      '',
      'Approved by you and others',
    ],
    ['approved by others', { approved: true, approvalsLeft: 0, approvedByIds: [8] }, '', 'Approved by'],
    [
      'others approved but more are required',
      { approvalsLeft: 1, approvalsRequired: 2, approvedByIds: [8], rules: [rule('QA')] },
      'Requires 1 approval from QA.',
      'Approved by',
    ],
    [
      'a signed-out visitor reads "Approved by"',
      { currentUserId: null, approved: true, approvalsLeft: 0, approvedByIds: [8] },
      '',
      'Approved by',
    ],
  ])('%s', (_rule, overrides, left, approvedBy) => {
    const summary = approvalsSummary(widget(overrides));
    expect(summary).toMatchObject({
      kind: 'required',
      approvalsLeftMessage: left,
      approvedByMessage: approvedBy,
    });
  });
});

describe('invalidRulesMessage', () => {
  const invalid = (allowMergeWhenInvalid: boolean, index: number) =>
    rule(`rule ${index}`, { invalid: true, allowMergeWhenInvalid });

  it.each<[boolean[], string]>([
    [[true], '1 invalid rule has been approved automatically.'],
    [[true, true], '2 invalid rules have been approved automatically.'],
    [[false], "1 rule can't be approved."],
    [[false, false], "2 rules can't be approved."],
    [[true, true, false], "1 rule can't be approved, 2 invalid rules have been approved automatically."],
    [[true, false, false], "2 rules can't be approved, 1 invalid rule has been approved automatically."],
  ])('allowMergeWhenInvalid %j reads: %s', (flags, expected) => {
    const message = invalidRulesMessage(widget({ rules: flags.map(invalid) }));
    expect(message?.text).toBe(expected);
    expect(message?.parts.filter((part) => part.danger).map((part) => part.text)).toEqual(
      flags.includes(false) ? [expected.split(',')[0]!.replace(/\.$/, '')] : [],
    );
  });

  it.each<[string, Partial<ApprovalsWidgetInput>]>([
    ['no invalid rule: no line', { rules: [rule('QA')] }],
    ['approval rules not available: no line', { approversAvailable: false, rules: [invalid(false, 1)] }],
  ])('%s', (_rule, overrides) => {
    expect(invalidRulesMessage(widget(overrides))).toBeNull();
  });
});

describe('whyCantIApprove and Assign reviewers', () => {
  it.each<[string, Partial<ApprovalsWidgetInput>, boolean]>([
    [
      'a committer when committers may not approve',
      { disableCommittersApproval: true, committerIds: [ME] },
      true,
    ],
    ['not for someone who did not commit', { disableCommittersApproval: true, committerIds: [8] }, false],
    ['not when committers may approve', { disableCommittersApproval: false, committerIds: [ME] }, false],
    [
      'not for a signed-out visitor',
      { disableCommittersApproval: true, committerIds: [ME], currentUserId: null },
      false,
    ],
  ])('"Why can\'t I approve?" %s', (_rule, overrides, shown) => {
    expect(whyCantIApprove(widget(overrides))).toEqual(
      shown
        ? {
            linkText: "Why can't I approve?",
            popover: "You can't approve because you added one or more commits to this merge request.",
          }
        : null,
    );
  });

  it.each<[boolean, boolean, string | null]>([
    [true, true, 'Assign reviewers'],
    [true, false, null],
    [false, true, null],
  ])(
    'adminMergeRequest %s with approvers available %s: %s',
    (adminMergeRequest, approversAvailable, expected) => {
      expect(assignReviewersAction({ adminMergeRequest, approversAvailable })).toBe(expected);
    },
  );
});

describe('showApprovalsSection', () => {
  it.each<[WidgetState | null, boolean]>([
    ['preparing', false],
    ['nothingToMerge', false],
    ['readyToMerge', true],
    ['merged', true],
    [null, true],
  ])('%s: %s', (state, shown) => {
    expect(showApprovalsSection(state)).toBe(shown);
  });
});

describe('nounSeries', () => {
  it.each<[string[], string]>([
    [[], ''],
    [['A'], 'A'],
    [['A', 'B'], 'A and B'],
    [['A', 'B', 'C'], 'A, B, and C'],
  ])('%j -> %s', (items, expected) => {
    expect(nounSeries(items)).toBe(expected);
  });
});

describe('approvalsWidgetMode', () => {
  it('full approvals where approval rules are available, basic otherwise', () => {
    expect([approvalsWidgetMode(true), approvalsWidgetMode(false)]).toEqual(['full', 'base']);
  });
});
