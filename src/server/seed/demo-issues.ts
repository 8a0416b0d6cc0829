import type { CurrentUser } from '../auth/current-user';
import type { Container } from '../container';

type DemoPeople = Record<'alice' | 'bob', CurrentUser>;

/**
 * The demo project's issues: an open bug assigned to bob with a checklist, a closed one, a
 * confidential report, and an incident whose first comment is on its timeline. Everything goes
 * through the services the API uses, so system notes and timelines are real.
 */
export async function seedDemoIssues(
  c: Pick<Container, 'issues' | 'notes' | 'noteables' | 'timelineEvents'>,
  people: DemoPeople,
  projectId: number,
): Promise<{ discountCodes: number; staleBadge: number; leakedKey: number }> {
  const { alice, bob } = people;
  const discountCodes = await c.issues.create(bob, projectId, {
    title: 'Discount codes are case-sensitive',
    description:
      'Typing `summer10` is refused while `SUMMER10` works.\n\n- [x] Reproduce on the checkout page\n- [ ] Normalise codes before lookup\n- [ ] Add a test',
    assignee_ids: [bob.id],
  });

  const stale = await c.issues.create(alice, projectId, {
    title: 'Cart badge shows a stale count after removing an item',
    description: 'The badge in the header keeps the old number until the page is reloaded.',
  });
  await c.issues.close(alice, projectId, stale.record.issue.iid);

  const leakedKey = await c.issues.create(bob, projectId, {
    title: 'Payment provider key appears in debug logs',
    description: 'The full key is printed when `DEBUG=checkout` is set. Rotate it after the fix.',
    confidential: true,
    assignee_ids: [alice.id],
  });

  const incident = await c.issues.create(alice, projectId, {
    title: 'Checkout returns 500 for carts over 100 items',
    description: 'Error rate on `POST /checkout` above 5% since the last deploy.',
    issue_type: 'incident',
    assignee_ids: [alice.id, bob.id],
  });
  const noteable = await c.noteables.byId(alice, 'Issue', incident.record.issue.id);
  const { note } = await c.notes.create(alice, noteable, {
    body: 'Rolled back the deploy; the error rate is back to normal.',
  });
  const promoted = await c.timelineEvents.promoteFromNote(alice, note);
  if (promoted.errors.length > 0)
    throw new Error(`The demo timeline event failed: ${promoted.errors.join('. ')}`);
  // Their ids, for the demo's labels.
  return {
    discountCodes: discountCodes.record.issue.id,
    staleBadge: stale.record.issue.id,
    leakedKey: leakedKey.record.issue.id,
  };
}
