import type { Note } from '../../../shared/api/notes';
import { TimeAgo } from '../../components/TimeAgo';
import { BadgeWithTooltip } from './BadgeWithTooltip';

export const INTERNAL_NOTE_TOOLTIP = 'This internal note will always remain confidential';
export const IMPORTED_NOTE_TOOLTIP = 'This comment was imported from another instance.';
export const EXTERNAL_PARTICIPANT = '(external participant)';

/**
 * Spec 001 section 2.3: who wrote it (a link to their page, @username, or the e-mail of a Service
 * Desk participant), when (a link to the note's own anchor), and the badges that say who they are
 * in this project.
 */
export function NoteHeader({ note, noteableName }: { note: Note; noteableName: string }) {
  const { author } = note;
  return (
    <div className="note-header">
      {note.external_author ? (
        <span className="note-header__author">
          {note.external_author} {EXTERNAL_PARTICIPANT}
        </span>
      ) : author ? (
        <>
          <a className="note-header__author" href={author.path}>
            {author.name}
          </a>
          <span className="note-header__username">@{author.username}</span>
        </>
      ) : (
        <span className="note-header__author">A deleted user</span>
      )}
      <span aria-hidden="true">·</span>
      <a className="note-header__time" href={`#note_${note.id}`}>
        <TimeAgo date={note.created_at} />
      </a>
      {note.last_edited_at && <span className="note-header__edited">(edited)</span>}
      <span className="note-header__badges">
        {note.internal && <BadgeWithTooltip label="Internal note" tooltip={INTERNAL_NOTE_TOOLTIP} />}
        {note.imported && <BadgeWithTooltip label="Imported" tooltip={IMPORTED_NOTE_TOOLTIP} />}
        {note.is_noteable_author && (
          <span className="note-badge" title={`This user is the author of this ${noteableName}.`}>
            Author
          </span>
        )}
        {note.human_access && (
          <span className="note-badge" title={`This user has the ${note.human_access} role in the project.`}>
            {note.human_access}
          </span>
        )}
        {note.is_contributor && (
          <span className="note-badge" title="This user has previously committed to this project.">
            Contributor
          </span>
        )}
      </span>
    </div>
  );
}
