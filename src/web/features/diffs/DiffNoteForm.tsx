import { FileDiffIcon } from '@primer/octicons-react';
import { Button, Flash } from '@primer/react';
import type { ReactNode } from 'react';
import type { NotePosition } from '../../../shared/api/notes';
import { useCreateNote } from '../notes/mutations';
import { NoteEditor } from '../notes/NoteEditor';
import { useNotesContext } from '../notes/NotesContext';
import { DRAFT_FAILED } from '../notes/ReplyForm';
import { SubmitButtons, keySubmitHandler, reviewButtons } from '../notes/SubmitButtons';
import { useAutosavedText } from '../notes/useAutosavedText';
import { useDiscardConfirmation } from '../notes/useDiscardConfirmation';

type Props = {
  position: NotePosition;
  lineCode?: string;
  /** Where the comment goes, above the editor ("Commenting on lines ..."). */
  header?: ReactNode;
  /** A ```suggestion block of the lines commented on; absent where nothing can be suggested. */
  suggestion?: string | null;
  /** Unsaved text survives a reload (and the file scrolling out of the list) under this key. */
  autosaveKey: string;
  onClose: () => void;
};

/**
 * A new thread on a diff line, a line range or an image point. In a review it is saved pending
 * ("Start a review" / "Add to review") or posted at once ("Add comment now"); the server's refusal
 * (a symbolic link, a file only moved, a broken line code) shows as the form's error.
 */
export function DiffNoteForm({ position, lineCode, header, suggestion, autosaveKey, onClose }: Props) {
  const { notesData, cache, drafts, draftMutations } = useNotesContext();
  const create = useCreateNote(notesData, cache);
  const confirmDiscard = useDiscardConfirmation();
  const [text, setText, clear] = useAutosavedText(autosaveKey);
  const empty = text.trim() === '';

  const done = () => {
    clear();
    onClose();
  };

  const cancel = async () => {
    if (await confirmDiscard(text, false)) done();
  };

  const commentNow = () => {
    if (empty || create.isPending) return;
    create.mutate(
      {
        note: {
          note: text,
          noteable_type: notesData.noteableType,
          noteable_id: notesData.noteableId,
          type: 'DiffNote',
          position,
          ...(lineCode ? { line_code: lineCode } : {}),
        },
        merge_request_diff_head_sha: notesData.noteableData.diff_head_sha ?? undefined,
      },
      { onSuccess: done },
    );
  };

  const addToReview = () => {
    if (empty || !draftMutations) return;
    draftMutations.create.mutate(
      { note: text, position, ...(lineCode ? { line_code: lineCode } : {}) },
      { onSuccess: done },
    );
  };

  const insertSuggestion = () => {
    if (!suggestion) return;
    setText(`${text}${text && !text.endsWith('\n') ? '\n' : ''}${suggestion}\n`);
  };

  const draftError = draftMutations?.create.error;
  const review = reviewButtons(drafts, draftMutations, addToReview);
  return (
    <form
      className="note-form diff-note-form"
      aria-label="New comment"
      onSubmit={(event) => {
        event.preventDefault();
        commentNow();
      }}
    >
      {header}
      {create.isError && (
        <Flash variant="danger" role="alert">
          {create.error.message}
        </Flash>
      )}
      {draftError && (
        <Flash variant="danger" role="alert">
          {draftError.message || DRAFT_FAILED}
        </Flash>
      )}
      {suggestion && (
        <div className="diff-note-form__tools">
          <Button size="small" variant="invisible" leadingVisual={FileDiffIcon} onClick={insertSuggestion}>
            Insert suggestion
          </Button>
        </div>
      )}
      <NoteEditor
        label="Comment"
        value={text}
        onChange={setText}
        placeholder="Write a comment or drag your files here…"
        onSubmit={keySubmitHandler('reply', review, commentNow)}
        onCancel={() => void cancel()}
        autoFocus
      />
      <SubmitButtons
        review={review}
        submitLabel="Comment"
        submitPending={create.isPending}
        disabled={empty || create.isPending}
        onCancel={() => void cancel()}
      />
    </form>
  );
}
