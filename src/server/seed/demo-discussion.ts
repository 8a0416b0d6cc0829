import type { CurrentUser } from '../auth/current-user';
import type { Container } from '../container';
import type { NotePosition } from '../../shared/api/notes';
import { mergeRequestAwardable } from '../features/award-emoji/awardables';

type DemoPeople = Record<'alice' | 'bob', CurrentUser>;

/**
 * A review under way on the open demo merge request, so its Overview and Changes tabs show what
 * reviewing looks like: a thread on a changed line with a reply, a suggested change ready to
 * apply, a plain comment, an assignee, a reviewer who has reviewed and a thumbs-up. All through
 * the services the API uses.
 */
export async function seedDemoDiscussion(
  c: Pick<
    Container,
    'noteables' | 'notes' | 'mergeRequests' | 'mergeRequestAssignees' | 'mergeRequestReviewers' | 'awardEmoji'
  >,
  people: DemoPeople,
  project: { id: number; fullPath: string },
  iid: number,
): Promise<void> {
  const { alice, bob } = people;
  const noteable = await c.noteables.byIid(bob, 'MergeRequest', project.id, iid);
  await c.mergeRequestReviewers.replace(alice, project.id, iid, [bob.id]);
  const refs = noteable.diffRefs;
  if (!refs) throw new Error('The demo merge request has no diff');
  const onNewLine = (path: string, line: number): NotePosition => ({
    base_sha: refs.baseSha,
    start_sha: refs.startSha,
    head_sha: refs.headSha,
    old_path: path,
    new_path: path,
    position_type: 'text',
    old_line: null,
    new_line: line,
  });

  const question = await c.notes.create(bob, noteable, {
    body: "The code is trimmed and upper-cased before the lookup, so this should fix #1 too. Could you add a test for `' welcome10 '`?",
    position: onNewLine('src/discounts.ts', 9),
  });
  await c.notes.create(alice, noteable, {
    body: 'Good catch, adding one now :thumbsup:',
    inReplyToDiscussionId: question.note.discussionId,
  });
  await c.notes.create(bob, noteable, {
    body:
      'The net is not rounded to cents, so 25% off 9.99 gives 7.4925:\n\n' +
      '```suggestion:-0+0\n' +
      '  const net = Math.round(subtotal(items) * (1 - (discount?.percent ?? 0) / 100) * 100) / 100;\n' +
      '```',
    position: onNewLine('src/checkout.ts', 8),
  });
  await c.notes.create(alice, noteable, {
    body: 'Ready for review. The table in the description lists the codes the demo accepts.',
  });
  await c.mergeRequestReviewers.setReviewerState(noteable.noteableId, bob.id, 'reviewed');
  await c.mergeRequestAssignees.replace(alice, project.id, iid, [bob.id]);
  const awardable = await mergeRequestAwardable(c.mergeRequests, bob, project.fullPath, iid);
  await c.awardEmoji.award(bob, awardable, 'thumbsup');
}
