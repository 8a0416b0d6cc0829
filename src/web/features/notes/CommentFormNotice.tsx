import { LockIcon, ArchiveIcon } from '@primer/octicons-react';
import type { NotesData } from '../../../shared/api/notes';
import { ARCHIVED_NOTICE, lockedNotice, type CommentFormState } from '../../../shared/notes/commentFormState';

const LOCKED_HELP = 'https://docs.gitlab.com/user/discussions/#prevent-comments-by-locking-the-discussion';
const ARCHIVED_HELP = 'https://docs.gitlab.com/user/project/working_with_projects/#archive-a-project';

/**
 * Spec 001 sections 2.10 and 6: what stands in place of the comment form when there is none. The
 * words sit in one span, so the flex row spaces the icon from the sentence, not word from link.
 */
export function CommentFormNotice({
  state,
  notesData,
}: {
  state: Exclude<CommentFormState, { kind: 'form' }>;
  notesData: NotesData;
}) {
  switch (state.kind) {
    case 'signed_out':
      return (
        <p className="comment-notice">
          <span>
            Please <a href={notesData.registerPath}>register</a> or{' '}
            <a href={notesData.newSessionPath}>sign in</a> to reply
          </span>
        </p>
      );
    case 'archived':
      return (
        <p className="comment-notice">
          <ArchiveIcon />
          <span>
            {ARCHIVED_NOTICE} <a href={ARCHIVED_HELP}>Learn more</a>
          </span>
        </p>
      );
    case 'locked':
      return (
        <p className="comment-notice">
          <LockIcon />
          <span>
            {lockedNotice(notesData.noteableData.targetType)} <a href={LOCKED_HELP}>Learn more</a>
          </span>
        </p>
      );
    case 'history_only':
    case 'no_permission':
      return null;
  }
}
