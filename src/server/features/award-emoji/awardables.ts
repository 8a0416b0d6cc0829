import type { Actor } from '../../auth/permissions';
import { NotFoundError } from '../../errors';
import type { IssuesService } from '../issues/issues.service';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import { noteSubject, type NotesService } from '../notes/notes.service';
import type { Awardable } from './award-emoji.service';

/**
 * A merge request as something to award: read through its service (404 when the actor may not
 * see it), with the commenting facts can() decides `award_emoji` on.
 */
export async function mergeRequestAwardable(
  mergeRequests: Pick<MergeRequestsService, 'findReadable'>,
  actor: Actor,
  projectRef: string,
  iid: number,
): Promise<Awardable> {
  // The request's row and assignees are all an award needs: no mergeability, no git.
  const { ctx, record } = await mergeRequests.findReadable(actor, projectRef, iid);
  const { mergeRequest } = record;
  return {
    type: 'MergeRequest',
    id: mergeRequest.id,
    subject: {
      type: 'noteable',
      noteableType: 'MergeRequest',
      noteableAuthorId: mergeRequest.authorId,
      confidential: false,
      assigneeIds: record.assignees.map((user) => user.id),
      discussionLocked: mergeRequest.discussionLocked,
      visibility: ctx.project.visibility,
      archived: ctx.project.archived,
      accessLevel: ctx.accessLevel,
    },
  };
}

/** An issue as something to award: confidential ones stay hidden (404) from those who may not read them. */
export async function issueAwardable(
  issues: Pick<IssuesService, 'findReadable' | 'noteableFacts'>,
  actor: Actor,
  projectRef: string,
  iid: number,
): Promise<Awardable> {
  const { ctx, record } = await issues.findReadable(actor, projectRef, iid);
  return { type: 'Issue', id: record.issue.id, subject: issues.noteableFacts(ctx, record) };
}

/**
 * A note as something to award, found through its merge request or issue as the URL names it:
 * a note of another noteable, or one the actor may not read, is not found.
 */
export async function noteAwardable(
  notes: Pick<NotesService, 'findReadableNote'>,
  actor: Actor,
  where: { projectRef: string; noteableType: 'Issue' | 'MergeRequest'; iid: number; noteId: number },
): Promise<Awardable> {
  const { noteable, record } = await notes.findReadableNote(actor, where.noteId, where.projectRef);
  if (noteable.noteableType !== where.noteableType || noteable.iid !== where.iid)
    throw new NotFoundError('Note');
  return { type: 'Note', id: record.note.id, subject: noteSubject(noteable, record.note) };
}
