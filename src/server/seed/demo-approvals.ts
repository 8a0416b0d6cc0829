import type { CurrentUser } from '../auth/current-user';
import type { Container } from '../container';

/**
 * The demo's approvals: the project asks one checkout reviewer (bob) to approve requests into
 * `main`, and bob has approved alice's open request, so its widget shows a rule and an approval.
 * Set after the demo's merge, which the rule would otherwise have held back. Coverage-Check asks
 * alice or bob to approve a request whose pipeline lowers the coverage of `main`'s (the demo's keep it).
 */
export async function seedDemoApprovals(
  c: Pick<Container, 'approvalRules' | 'approvals'>,
  users: Record<'alice' | 'bob', CurrentUser>,
  projectId: number,
  openIid: number,
): Promise<void> {
  await c.approvalRules.createForProject(users.alice, projectId, {
    name: 'Checkout reviewers',
    approvals_required: 1,
    user_ids: [users.bob.id],
  });
  await c.approvalRules.createForProject(users.alice, projectId, {
    name: 'Coverage-Check',
    approvals_required: 1,
    rule_type: 'report_approver',
    report_type: 'code_coverage',
    user_ids: [users.alice.id, users.bob.id],
  });
  await c.approvals.approve(users.bob, projectId, openIid, {});
}
