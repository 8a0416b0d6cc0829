import { Checkbox, Flash, FormControl } from '@primer/react';
import { useState } from 'react';
import type { Discussion } from '../../../shared/api/notes';
import { autosaveKey } from '../../../shared/notes/autosaveKey';
import { canShowResolve } from '../../../shared/notes/noteActions';
import {
  draftResolveDiscussion,
  resolveChangeAfterSave,
  resolveCheckboxLabel,
  threadStatusMessage,
} from '../../../shared/notes/threadStatus';
import { NoteEditor } from './NoteEditor';
import { useNotesContext } from './NotesContext';
import { SubmitButtons, keySubmitHandler, reviewButtons } from './SubmitButtons';
import { useCreateNote, useResolveDiscussion } from './mutations';
import { useAutosavedText } from './useAutosavedText';
import { useDiscardConfirmation } from './useDiscardConfirmation';

export const RESOLVE_FAILED = 'Something went wrong while resolving this discussion. Please try again.';
export const DRAFT_FAILED = 'Something went wrong while saving your comment. Please try again.';

/**
 * Spec 001 sections 2.4 and 4: the reply form of a thread. An empty reply is a cancel; a non-empty
 * one asks before it is discarded; the resolve checkbox says what saving does to the thread.
 */
export function ReplyForm({ discussion, onClose }: { discussion: Discussion; onClose: () => void }) {
  const { notesData, cache, drafts, draftMutations } = useNotesContext();
  const create = useCreateNote(notesData, cache);
  const resolve = useResolveDiscussion(cache);
  const confirmDiscard = useDiscardConfirmation();
  const [text, setText, clear] = useAutosavedText(
    autosaveKey({ kind: 'reply', discussionId: discussion.id }),
  );
  const [changeState, setChangeState] = useState(false);
  const internal = discussion.internal;
  const showResolve = canShowResolve(discussion);

  const done = () => {
    clear();
    onClose();
  };

  const cancel = async () => {
    if (await confirmDiscard(text, internal)) done();
  };

  const replyNow = () => {
    if (!text.trim()) return done();
    if (create.isPending) return;
    const change = showResolve ? resolveChangeAfterSave(discussion.resolved, changeState) : null;
    create.mutate(
      {
        note: {
          note: text,
          noteable_type: notesData.noteableType,
          noteable_id: notesData.noteableId,
          internal,
        },
        in_reply_to_discussion_id: discussion.reply_id,
        target_type: notesData.noteableData.targetType,
        return_discussion: true,
      },
      {
        onSuccess: () => {
          if (change) resolve.mutate({ discussion, resolve: change === 'resolve' });
          done();
        },
      },
    );
  };

  const addToReview = () => {
    if (!text.trim()) return done();
    if (!draftMutations) return;
    draftMutations.create.mutate(
      {
        note: text,
        internal,
        resolve_discussion: draftResolveDiscussion(discussion.resolved, showResolve && changeState),
        in_reply_to_discussion_id: discussion.reply_id,
      },
      { onSuccess: done },
    );
  };

  const draftError = draftMutations?.create.error;
  const review = reviewButtons(drafts, draftMutations, addToReview);
  return (
    // While saving, the thread shows the text as a placeholder note; a failure brings the form back
    // with the text and the server's reason.
    <form
      className="note-form note-form--reply"
      hidden={create.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        replyNow();
      }}
    >
      {create.isError && <Flash variant="danger">{create.error.message}</Flash>}
      {resolve.isError && <Flash variant="danger">{RESOLVE_FAILED}</Flash>}
      {draftError && <Flash variant="danger">{draftError.message || DRAFT_FAILED}</Flash>}
      <NoteEditor
        label={internal ? 'Reply internally' : 'Reply'}
        value={text}
        onChange={setText}
        placeholder={internal ? 'Reply internally…' : 'Reply…'}
        onSubmit={keySubmitHandler('reply', review, replyNow)}
        onCancel={() => void cancel()}
        autoFocus
      />
      {showResolve && (
        <FormControl>
          <Checkbox checked={changeState} onChange={(event) => setChangeState(event.target.checked)} />
          <FormControl.Label>{resolveCheckboxLabel(discussion.resolved)}</FormControl.Label>
          <FormControl.Caption>{threadStatusMessage(discussion.resolved, changeState)}</FormControl.Caption>
        </FormControl>
      )}
      <SubmitButtons
        review={review}
        submitLabel="Reply"
        submitPending={create.isPending}
        disabled={create.isPending}
        onCancel={() => void cancel()}
      />
    </form>
  );
}
