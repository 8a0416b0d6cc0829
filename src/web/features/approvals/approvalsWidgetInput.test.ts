import { describe, expect, it } from 'vitest';
import { approvalsAction, approvalsSummary } from '../../../shared/approvals';
import type { ApprovalsData, GraphqlApprovalRule, GraphqlUser } from './approvalsQuery';
import { approvalsWidgetInput, userIdOf } from './approvalsWidgetInput';

const user = (id: number): GraphqlUser => ({
  id: `gid://gitlab/User/${id}`,
  avatarUrl: null,
  name: `User ${id}`,
  username: `user${id}`,
  webUrl: `http://localhost/user${id}`,
  webPath: `/user${id}`,
});

const rule = (overrides: Partial<GraphqlApprovalRule> = {}): GraphqlApprovalRule => ({
  id: 'gid://gitlab/ApprovalRule/1',
  type: 'REGULAR',
  name: 'QA',
  section: null,
  approved: false,
  approvalsRequired: 1,
  invalid: false,
  allowMergeWhenInvalid: true,
  approvedBy: { nodes: [] },
  commentedBy: { nodes: [] },
  eligibleApprovers: [user(2)],
  scanResultPolicies: [],
  ...overrides,
});

const data = (
  rules: GraphqlApprovalRule[],
  overrides: Partial<ApprovalsData['mergeRequest']> = {},
): ApprovalsData => ({
  mergeRequestsDisableCommittersApproval: false,
  mergeRequest: {
    id: 'gid://gitlab/MergeRequest/9',
    state: 'opened',
    diffHeadSha: 'abc',
    approved: false,
    approvalsLeft: 1,
    approvalsRequired: 1,
    approvedBy: { nodes: [] },
    committers: { nodes: [] },
    userPermissions: { canApprove: true },
    approvalState: { invalidApproversRules: [], rules },
    policiesOverridingApprovalSettings: [],
    ...overrides,
  },
});

describe('the approvals widget facts from its GraphQL query', () => {
  it('reads user ids from global ids', () => {
    expect(userIdOf(user(42))).toBe(42);
  });

  it('is the full widget where a rule applies, and names the rule still waiting', () => {
    const input = approvalsWidgetInput(data([rule()]), { currentUserId: 2, requirePasswordToApprove: false });
    expect(input.mode).toBe('full');
    expect(approvalsSummary(input)).toMatchObject({ approvalsLeftMessage: 'Requires 1 approval from QA.' });
    expect(approvalsAction(input)).toMatchObject({ kind: 'approve', text: 'Approve', needsPassword: false });
  });

  it('is the basic widget without rules or a password: approval is optional', () => {
    const input = approvalsWidgetInput(data([], { approvalsLeft: 0, approvalsRequired: 0 }), {
      currentUserId: 2,
      requirePasswordToApprove: false,
    });
    expect(input.mode).toBe('base');
    expect(approvalsSummary(input)).toMatchObject({ kind: 'optional', text: 'Approval is optional' });
  });

  it('is the full widget with the password modal where a password is asked, rules or not', () => {
    const input = approvalsWidgetInput(data([], { approvalsLeft: 0, approvalsRequired: 0 }), {
      currentUserId: 2,
      requirePasswordToApprove: true,
    });
    expect(input.mode).toBe('full');
    expect(approvalsAction(input)).toMatchObject({ kind: 'approve', needsPassword: true });
  });

  it('offers Revoke approval to one who approved, and "Approve additionally" once all are given', () => {
    const approved = data([rule({ approved: true, approvedBy: { nodes: [user(2)] } })], {
      approved: true,
      approvalsLeft: 0,
      approvedBy: { nodes: [user(2)] },
      userPermissions: { canApprove: false },
    });
    const me = approvalsWidgetInput(approved, { currentUserId: 2, requirePasswordToApprove: false });
    expect(approvalsAction(me)).toMatchObject({ kind: 'revoke', text: 'Revoke approval' });
    expect(approvalsSummary(me)).toMatchObject({ approvedByMessage: 'Approved by you' });
    const other = approvalsWidgetInput(
      { ...approved, mergeRequest: { ...approved.mergeRequest, userPermissions: { canApprove: true } } },
      { currentUserId: 3, requirePasswordToApprove: false },
    );
    expect(approvalsAction(other)).toMatchObject({ text: 'Approve additionally', category: 'secondary' });
  });

  it('maps the rule kinds GitLab names in capitals', () => {
    const input = approvalsWidgetInput(
      data([
        rule({ type: 'CODE_OWNER', name: '*.ts', section: 'Frontend' }),
        rule({ type: 'ANY_APPROVER', id: 'x' }),
      ]),
      { currentUserId: null, requirePasswordToApprove: false },
    );
    expect(input.rules.map((r) => r.kind)).toEqual(['code_owner', 'any_approver']);
    expect(input.rules[0]).toMatchObject({ name: '*.ts', section: 'Frontend' });
  });
});
