import { DotFillIcon } from '@primer/octicons-react';
import { Spinner } from '@primer/react';
import type { NotesData } from '../../../shared/api/notes';
import { placeholderNotes } from '../../../shared/notes/placeholderNotes';
import { NoteAvatar } from './NoteAvatar';

/**
 * Spec 001 section 2.10: a note being saved, shown muted until the server answers: the viewer's
 * text (markdown is rendered on the server, so it shows as written), and for its quick actions a
 * system note in italics. A note of commands only has no text placeholder, as it adds no body.
 */
export function PlaceholderNote({ notesData, text }: { notesData: NotesData; text: string }) {
  const user = notesData.currentUserData;
  const { body, systemNote } = placeholderNotes(text, notesData.noteableType);
  return (
    <>
      {body !== null && (
        <li className="note note--placeholder" aria-busy="true">
          {user && <NoteAvatar author={{ name: user.name, avatar_url: null }} size={32} />}
          <div className="note__main">
            <div className="note-header">
              <span className="note-header__author">{user?.name}</span>
              {user && <span className="note-header__username">@{user.username}</span>}
              <Spinner size="small" srText="Saving" />
            </div>
            <p className="note__placeholder-text">{body}</p>
          </div>
        </li>
      )}
      {systemNote !== null && (
        <li className="system-note system-note--placeholder" aria-busy="true">
          <span className="system-note__icon" aria-hidden="true">
            <DotFillIcon size={16} />
          </span>
          <div className="system-note__main">
            <em>{systemNote}</em>
          </div>
        </li>
      )}
    </>
  );
}
