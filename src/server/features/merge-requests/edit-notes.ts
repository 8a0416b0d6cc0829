import type { Db } from '../../db/client';
import { draftlessTitle } from '../../../shared/merge-requests/draftTitle';
import { draftText, lockedText, titleChangedText } from '../notes/system-note-texts';
import type { SystemNotesService } from '../notes/system-notes.service';
import { noteableOf } from './merge-request-subjects';
import type { MergeRequestRow } from './merge-requests.repo';

type NoteRow = Awaited<ReturnType<SystemNotesService['record']>>;

/**
 * The system notes of an edit (spec 001: title and description changes, state changes, draft
 * status), written in the edit's transaction. A title that only gained or lost its draft
 * prefix is a draft note, not a title change.
 */
export async function recordEditNotes(
  systemNotes: Pick<SystemNotesService, 'record' | 'recordDescriptionChange'>,
  tx: Db,
  before: MergeRequestRow,
  after: MergeRequestRow,
  authorId: number,
): Promise<NoteRow[]> {
  const written: NoteRow[] = [];
  const note = async (action: 'title' | 'closed' | 'reopened' | 'locked' | 'unlocked', body: string) =>
    written.push(await systemNotes.record({ ...noteableOf(after), authorId, action, body }, tx));
  if (draftlessTitle(before.title) !== draftlessTitle(after.title))
    await note('title', titleChangedText(before.title, after.title));
  if (before.draft !== after.draft) await note('title', draftText(after.draft));
  if (before.description !== after.description)
    written.push(
      await systemNotes.recordDescriptionChange(
        { ...noteableOf(after), authorId, from: before.description, to: after.description },
        tx,
      ),
    );
  if (before.state !== after.state && (after.state === 'closed' || after.state === 'opened'))
    await note(
      after.state === 'closed' ? 'closed' : 'reopened',
      after.state === 'closed' ? 'closed' : 'reopened',
    );
  if (before.discussionLocked !== after.discussionLocked)
    await note(
      after.discussionLocked ? 'locked' : 'unlocked',
      lockedText(after.discussionLocked, 'MergeRequest'),
    );
  return written;
}
