import type { CurrentUser } from '../auth/current-user';
import type { Container } from '../container';

/**
 * The demo's approvals: the project asks one checkout reviewer (bob) to approve requests into
 * `main`, and bob has approved alice's open request, so its widget shows a rule and an approval.
 * Set after the demo's merge, which the rule would otherwise have held back.
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
  await c.approvals.approve(users.bob, projectId, openIid, {});
}
