import { Button, Flash, useConfirm } from '@primer/react';
import { useState } from 'react';
import type { Note } from '../../../shared/api/notes';
import { autosaveKey } from '../../../shared/notes/autosaveKey';
import {
  CANCEL_EDIT_CONFIRM,
  cancelEditConfirmText,
  commentTypeOf,
  needsCancelConfirmation,
} from '../../../shared/notes/confirmations';
import { ApiError } from '../../api/client';
import { NoteEditor } from './NoteEditor';
import { useNotesContext } from './NotesContext';
import { useUpdateNote } from './mutations';
import { useAutosavedText } from './useAutosavedText';

export const CONFLICT_WHILE_EDITING =
  'This comment changed after you started editing it. Review the updated comment to ensure information is not lost.';

/**
 * Spec 001 sections 2.4 and 4: editing a note. A failed save keeps the text in the form with the
 * reason; a note gone from the server leaves the list; a body changed by someone else meanwhile
 * (`conflictWhileEditing`) is pointed out before it is overwritten.
 */
export function NoteEditForm({ note, onDone }: { note: Note; onDone: () => void }) {
  const { notesData, cache } = useNotesContext();
  const update = useUpdateNote(notesData, cache);
  const confirm = useConfirm();
  const [text, setText, clear] = useAutosavedText(autosaveKey({ kind: 'edit', noteId: note.id }), note.note);
  const [bodyWhenStarted] = useState(note.note);
  const conflictWhileEditing = note.note !== bodyWhenStarted;
  const type = commentTypeOf(note);

  const save = () => {
    if (!text.trim() || update.isPending) return;
    update.mutate(
      { note, text },
      {
        onSuccess: () => {
          clear();
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 404) {
            clear();
            cache.removeNote(note.id);
          }
        },
      },
    );
  };

  const cancel = async () => {
    if (needsCancelConfirmation(text, note.note)) {
      const leave = await confirm({
        title: cancelEditConfirmText(type),
        content: null,
        confirmButtonContent: CANCEL_EDIT_CONFIRM.confirm,
        cancelButtonContent: CANCEL_EDIT_CONFIRM.cancel,
        confirmButtonType: 'danger',
      });
      if (!leave) return;
    }
    clear();
    onDone();
  };

  return (
    <form
      className="note-form"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      {conflictWhileEditing && <Flash variant="warning">{CONFLICT_WHILE_EDITING}</Flash>}
      {update.isError && <Flash variant="danger">{update.error.message}</Flash>}
      <NoteEditor
        label={`Edit ${type}`}
        value={text}
        onChange={setText}
        onSubmit={save}
        onCancel={() => void cancel()}
        autoFocus
      />
      <div className="note-form__buttons">
        <Button type="submit" variant="primary" loading={update.isPending} disabled={!text.trim()}>
          Save comment
        </Button>
        <Button onClick={() => void cancel()}>Cancel</Button>
      </div>
    </form>
  );
}
