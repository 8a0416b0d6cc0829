import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sessionKey } from '../../lib/useSession';
import { ApprovalRulesTable } from './ApprovalRulesTable';
import type { ApprovalsData, GraphqlApprovalRule, GraphqlUser } from './approvalsQuery';
import { ApprovalsWidget } from './ApprovalsWidget';
import { approvalKeys } from './queries';

const user = (id: number, name = `User ${id}`): GraphqlUser => ({
  id: `gid://gitlab/User/${id}`,
  avatarUrl: null,
  name,
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
  eligibleApprovers: [user(2, 'Quinn')],
  scanResultPolicies: [],
  ...overrides,
});

const approvals = (
  overrides: Partial<ApprovalsData['mergeRequest']> = {},
  disableCommitters = false,
): ApprovalsData => ({
  mergeRequestsDisableCommittersApproval: disableCommitters,
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
    approvalState: { invalidApproversRules: [], rules: [rule()] },
    policiesOverridingApprovalSettings: [],
    ...overrides,
  },
});

function render(data: ApprovalsData | null, { userId = 2, admin = false } = {}) {
  const client = new QueryClient();
  client.setQueryData(sessionKey, {
    user: {
      id: userId,
      username: 'me',
      name: 'Me',
      email: 'me@x',
      admin: false,
      avatar_url: null,
      web_url: '',
    },
    csrf_token: 't',
  });
  if (data) {
    client.setQueryData([...approvalKeys.graphql('g/p', 1), null], data);
    client.setQueryData(approvalKeys.rest('g/p', 1), { require_password_to_approve: false });
  }
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ApprovalsWidget
          fullPath="g/p"
          iid={1}
          version={null}
          adminMergeRequest={admin}
          settingsPath={null}
          onChanged={() => {}}
          onAssignReviewers={() => {}}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** 002 §2, §4: what the approvals section of the merge widget says. */
describe('the approvals widget', () => {
  it('says "Checking approval status" while loading', () => {
    expect(render(null)).toContain('Checking approval status');
  });

  it('offers Approve with the rule still waiting', () => {
    const html = render(approvals());
    expect(html).toContain('>Approve<');
    expect(html).toContain('Requires 1 approval from QA.');
  });

  it('tells a committer why they cannot approve when committers may not', () => {
    const data = approvals(
      { committers: { nodes: [{ id: 'gid://gitlab/User/2' }] }, userPermissions: { canApprove: false } },
      true,
    );
    const html = render(data);
    expect(html).toContain('Why can&#x27;t I approve?');
    expect(html).toContain(
      'You can&#x27;t approve because you added one or more commits to this merge request.',
    );
    expect(html).not.toContain('>Approve<');
  });

  it('names the security policies that enforce approval settings, and says nothing where none do', () => {
    expect(render(approvals())).not.toContain('Policy override');
    const html = render(
      approvals({
        policiesOverridingApprovalSettings: [
          {
            name: 'Two eyes',
            editPath: '/g/p/-/security/policies/Two%20eyes/edit',
            settings: ['prevent_approval_by_author', 'require_password_to_approve'],
          },
        ],
      }),
    );
    expect(html).toContain('Policy override');
    expect(html).toContain('A security policy enforces approval settings beyond this project’s own:');
    expect(html).toContain(
      '<a href="/g/p/-/security/policies/Two%20eyes/edit">Two eyes</a>: Prevent approval by author, Require user password to approve',
    );
    const two = render(
      approvals({
        policiesOverridingApprovalSettings: [
          { name: 'Two eyes', editPath: null, settings: ['prevent_approval_by_author'] },
          { name: 'Fresh eyes', editPath: null, settings: ['remove_approvals_with_new_commit'] },
        ],
      }),
    );
    expect(two).toContain('Security policies enforce approval settings beyond this project’s own:');
    expect(two).toContain('Fresh eyes: Remove all approvals');
  });

  it('shows "Assign reviewers" to those who administer the request', () => {
    expect(render(approvals(), { admin: true })).toContain('Assign reviewers');
    expect(render(approvals())).not.toContain('Assign reviewers');
  });

  it('counts invalid rules: those that block in danger, those approved automatically after', () => {
    const html = render(
      approvals({
        approvalState: {
          invalidApproversRules: [],
          rules: [
            rule({ id: 'a', invalid: true, allowMergeWhenInvalid: false }),
            rule({ id: 'b', invalid: true, allowMergeWhenInvalid: true }),
            rule({ id: 'c', invalid: true, allowMergeWhenInvalid: true }),
          ],
        },
      }),
    );
    expect(html).toContain('<span class="fgColor-danger">1 rule can&#x27;t be approved</span>');
    expect(html).toContain('2 invalid rules have been approved automatically');
  });
});

describe('the approval rules table', () => {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <ApprovalRulesTable
        rules={[
          rule({ id: 'a', invalid: true, allowMergeWhenInvalid: true }),
          rule({ id: 'b', name: 'Security', invalid: true, allowMergeWhenInvalid: false }),
          rule({
            id: 'c',
            type: 'CODE_OWNER',
            name: '*.ts',
            section: 'Frontend',
            approvedBy: { nodes: [user(3)] },
          }),
        ]}
      />
    </MemoryRouter>,
  );

  it('says how each rule stands (002 §4)', () => {
    expect(html).toContain('Auto approved');
    expect(html).toContain('Rule automatically approved');
    expect(html).toContain('Action required');
    expect(html).toContain('Rule cannot be approved');
  });

  it('groups code owner rules under "Code Owners" with their section', () => {
    expect(html).toContain('>Code Owners</th>');
    expect(html).toContain('aria-label="Section: Frontend"');
  });

  it('draws approvers with avatars of 24 pixels', () => {
    expect(html).toMatch(/width:24px;height:24px/);
  });
});
