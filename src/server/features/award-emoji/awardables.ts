import type { Actor } from '../../auth/permissions';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import type { Awardable } from './award-emoji.service';

/**
 * A merge request as something to award: read through its service (404 when the actor may not
 * see it), with the commenting facts can() decides `award_emoji` on.
 */
export async function mergeRequestAwardable(
  mergeRequests: Pick<MergeRequestsService, 'loadForRead' | 'detailIn'>,
  actor: Actor,
  projectRef: string,
  iid: number,
): Promise<Awardable> {
  const ctx = await mergeRequests.loadForRead(actor, projectRef);
  const { mergeRequest } = await mergeRequests.detailIn(actor, ctx, iid);
  return {
    type: 'MergeRequest',
    id: mergeRequest.id,
    subject: {
      type: 'noteable',
      noteableType: 'MergeRequest',
      noteableAuthorId: mergeRequest.authorId,
      confidential: false,
      assigneeIds: [],
      discussionLocked: mergeRequest.discussionLocked,
      visibility: ctx.project.visibility,
      archived: ctx.project.archived,
      accessLevel: ctx.accessLevel,
    },
  };
}
