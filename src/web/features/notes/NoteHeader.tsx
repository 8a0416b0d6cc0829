import { Label, RelativeTime } from '@primer/react';
import type { Note } from '../../../shared/api/notes';
import { BadgeWithTooltip } from './BadgeWithTooltip';

/**
 * The date `RelativeTime` shows before its element takes over, as Primer writes it; one formatter
 * for every note, where Primer's `toLocaleDateString` builds one per note (most of its cost).
 */
const noteDate = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

export const INTERNAL_NOTE_TOOLTIP = 'This internal note will always remain confidential';

/**
 * Spec 001 section 2.3: who wrote it (a link to their page, @username), when (a link to the note's
 * own anchor), and the badges that say who they are in this project. No note here is imported or
 * written by a Service Desk participant, so neither of those badges exists (docs/decisions.md).
 */
export function NoteHeader({ note, noteableName }: { note: Note; noteableName: string }) {
  const { author } = note;
  const created = new Date(note.created_at);
  return (
    <div className="note-header">
      {author ? (
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
        <RelativeTime date={created}>{noteDate.format(created)}</RelativeTime>
      </a>
      {note.last_edited_at && <span className="note-header__edited">(edited)</span>}
      <span className="note-header__badges">
        {note.internal && <BadgeWithTooltip label="Internal note" tooltip={INTERNAL_NOTE_TOOLTIP} />}
        {note.is_noteable_author && (
          <Label variant="secondary" title={`This user is the author of this ${noteableName}.`}>
            Author
          </Label>
        )}
        {note.human_access && (
          <Label variant="secondary" title={`This user has the ${note.human_access} role in the project.`}>
            {note.human_access}
          </Label>
        )}
        {note.is_contributor && (
          <Label variant="secondary" title="This user has previously committed to this project.">
            Contributor
          </Label>
        )}
      </span>
    </div>
  );
}
