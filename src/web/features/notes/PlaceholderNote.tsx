import { Spinner } from '@primer/react';
import type { NotesData } from '../../../shared/api/notes';
import { NoteAvatar } from './NoteAvatar';

/** A note being saved: the viewer's text, shown muted until the server answers. */
export function PlaceholderNote({ notesData, text }: { notesData: NotesData; text: string }) {
  const user = notesData.currentUserData;
  return (
    <li className="note note--placeholder" aria-busy="true">
      {user && <NoteAvatar author={{ name: user.name, avatar_url: null }} size={32} />}
      <div className="note__main">
        <div className="note-header">
          <span className="note-header__author">{user?.name}</span>
          <Spinner size="small" srText="Saving" />
        </div>
        <p className="note__placeholder-text">{text}</p>
      </div>
    </li>
  );
}
