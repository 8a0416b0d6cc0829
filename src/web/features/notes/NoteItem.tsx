import { Flash } from '@primer/react';
import type { Note } from '../../../shared/api/notes';
import { issuableDisplayName } from '../../../shared/notes/commentFormState';
import { MarkdownBody } from '../../components/MarkdownBody';
import { AwardFailure, EmojiAwards } from './EmojiAwards';
import { NoteActions, type ResolveControl } from './NoteActions';
import { NoteAvatar } from './NoteAvatar';
import { NoteEditForm } from './NoteEditForm';
import { NoteHeader } from './NoteHeader';
import { NoteBodyWithSuggestions } from './NoteSuggestions';
import { useNotesContext } from './NotesContext';
import { useDeleteConfirmation } from './useDeleteConfirmation';
import { useDeleteNote, useNoteTaskList, useToggleAward } from './mutations';

export const DELETE_NOTE_FAILED = 'Something went wrong while deleting your note. Please try again.';

type Props = {
  note: Note;
  /** The first note of a resolvable thread carries the thread's resolve button. */
  resolve?: ResolveControl | null;
  onReply?: (() => void) | null;
};

/** One user note: header, body (or its edit form), reactions and actions, anchored at `note_{id}`. */
export function NoteItem({ note, resolve = null, onReply = null }: Props) {
  const { notesData, cache, editingNoteId, setEditingNoteId } = useNotesContext();
  const remove = useDeleteNote(cache);
  // One award call per note, for the header's picker and the reactions bar alike.
  const award = useToggleAward(cache);
  const onAward = (name: string) => award.mutate({ note, name });
  const tasks = useNoteTaskList(note, cache);
  const confirmDelete = useDeleteConfirmation();
  const editing = editingNoteId === note.id;

  const onDelete = async () => {
    if (await confirmDelete(note)) remove.mutate(note);
  };

  return (
    // Focusable from script only: jumping to an unresolved thread takes the focus to its first note.
    <li id={`note_${note.id}`} className={note.internal ? 'note note--internal' : 'note'} tabIndex={-1}>
      <NoteAvatar author={note.author} size={32} />
      <div className="note__main">
        <div className="note__top">
          <NoteHeader note={note} noteableName={issuableDisplayName(notesData.noteableData.targetType)} />
          {!editing && (
            <NoteActions
              note={note}
              resolve={resolve}
              onReply={onReply}
              onEdit={() => setEditingNoteId(note.id)}
              onDelete={() => void onDelete()}
              onAward={onAward}
            />
          )}
        </div>
        {remove.isError && <Flash variant="danger">{DELETE_NOTE_FAILED}</Flash>}
        {tasks.error && <Flash variant="danger">{tasks.error.message}</Flash>}
        {editing ? (
          <NoteEditForm note={note} onDone={() => setEditingNoteId(null)} />
        ) : (
          <div className="note__body">
            {note.suggestions.length > 0 ? (
              <NoteBodyWithSuggestions note={note} taskList={tasks.taskList} />
            ) : (
              <MarkdownBody html={note.note_html} taskList={tasks.taskList} />
            )}
            {note.attachment && (
              <a className="note__attachment" href={note.attachment.url}>
                {note.attachment.filename}
              </a>
            )}
          </div>
        )}
        <EmojiAwards note={note} onAward={onAward} />
        <AwardFailure error={award.error} />
      </div>
    </li>
  );
}
