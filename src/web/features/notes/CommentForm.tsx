import { TriangleDownIcon } from '@primer/octicons-react';
import {
  ActionList,
  ActionMenu,
  Button,
  ButtonGroup,
  Checkbox,
  Flash,
  FormControl,
  IconButton,
} from '@primer/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CreateNoteResponse } from '../../../shared/api/notes';
import { autosaveKey } from '../../../shared/notes/autosaveKey';
import { issuableDisplayName } from '../../../shared/notes/commentFormState';
import { quickActionsNotice, type QuickActionsNotice } from '../../../shared/notes/quickActionsStatus';
import { DismissibleFlash } from '../../components/DismissibleFlash';
import { CloseReopenButton } from './CloseReopenButton';
import { NoteEditor } from './NoteEditor';
import { useNotesContext } from './NotesContext';
import { DRAFT_FAILED } from './ReplyForm';
import { keySubmitHandler, reviewButtons } from './SubmitButtons';
import { useCreateNote } from './mutations';
import { notesKeys } from './queries';
import { useAutosavedText } from './useAutosavedText';

type NoteType = 'comment' | 'thread';

const NOTE_TYPES: Record<NoteType, { label: string; description: (name: string) => string }> = {
  comment: { label: 'Comment', description: (name) => `Add a general comment to this ${name}.` },
  thread: {
    label: 'Start thread',
    description: () => 'Discuss a specific suggestion or question that needs to be resolved.',
  },
};

/**
 * Spec 001 section 2.4: the comment form under the activity. The note type (comment or thread)
 * names the submit button; members may make it internal; on a merge request the review buttons
 * save it as a pending comment instead.
 */
export function CommentForm({ warnings, onEditLast }: { warnings: string[]; onEditLast: () => void }) {
  const { notesData, cache, drafts, draftMutations } = useNotesContext();
  const queryClient = useQueryClient();
  const create = useCreateNote(notesData, cache);
  const { noteableData } = notesData;
  const [text, setText, clear] = useAutosavedText(
    autosaveKey({ kind: 'new', noteableType: notesData.noteableType, noteableId: notesData.noteableId }),
  );
  const [noteType, setNoteType] = useState<NoteType>('comment');
  const [internal, setInternal] = useState(false);
  const [notice, setNotice] = useState<QuickActionsNotice | null>(null);
  const name = issuableDisplayName(noteableData.targetType);
  const empty = text.trim() === '';

  const afterSave = (response: CreateNoteResponse) => {
    const commands = quickActionsNotice(response.quick_actions_status);
    setNotice(commands);
    // Commands change the noteable itself (state, assignees, draft, lock): the page reads it again,
    // and the notes data (the close/reopen button, the lock notice); the threads take the system
    // notes from the live updates.
    if (commands)
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) => queryKey[0] !== notesKeys.all[0] || queryKey[1] === 'data',
      });
  };

  const submit = () => {
    if (empty || create.isPending) return;
    const sent = text;
    setNotice(null);
    clear();
    create.mutate(
      {
        note: {
          note: sent,
          noteable_type: notesData.noteableType,
          noteable_id: notesData.noteableId,
          internal,
          ...(noteType === 'thread' ? { type: 'DiscussionNote' as const } : {}),
        },
        merge_request_diff_head_sha: noteableData.diff_head_sha ?? undefined,
      },
      { onSuccess: afterSave, onError: () => setText(sent) },
    );
  };

  const addToReview = () => {
    if (empty || !draftMutations) return;
    draftMutations.create.mutate({ note: text, internal }, { onSuccess: clear });
  };

  const draftError = draftMutations?.create.error;
  const hasDrafts = drafts.length > 0;
  const review = reviewButtons(drafts, draftMutations, addToReview);
  return (
    <form
      className="note-form note-form--main"
      aria-label="Add a comment"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {warnings.map((warning) => (
        <Flash key={warning} variant="warning">
          {warning}
        </Flash>
      ))}
      {create.isError && (
        <DismissibleFlash variant="danger" onDismiss={() => create.reset()}>
          {create.error.message}
        </DismissibleFlash>
      )}
      {draftError && (
        <DismissibleFlash variant="danger" onDismiss={() => draftMutations?.create.reset()}>
          {draftError.message || DRAFT_FAILED}
        </DismissibleFlash>
      )}
      {notice && (
        <DismissibleFlash variant={notice.error ? 'danger' : 'success'} onDismiss={() => setNotice(null)}>
          {notice.text}
        </DismissibleFlash>
      )}
      <NoteEditor
        label={internal ? 'Internal note' : 'Comment'}
        value={text}
        onChange={setText}
        placeholder={
          internal
            ? 'Write an internal note or drag your files here…'
            : 'Write a comment or drag your files here…'
        }
        onSubmit={keySubmitHandler('comment', review, submit)}
        onCancel={() => (document.activeElement as HTMLElement | null)?.blur()}
        onEditLast={onEditLast}
      />
      {noteableData.current_user.can_create_confidential_note && (
        <FormControl>
          <Checkbox checked={internal} onChange={(event) => setInternal(event.target.checked)} />
          <FormControl.Label>Make this an internal note</FormControl.Label>
          <FormControl.Caption>
            Internal notes are only visible to members with the role of Reporter or higher
          </FormControl.Caption>
        </FormControl>
      )}
      <div className="note-form__buttons">
        {draftMutations && (
          <Button
            variant={hasDrafts ? 'primary' : 'default'}
            loading={draftMutations.create.isPending}
            disabled={empty}
            onClick={addToReview}
          >
            {hasDrafts ? 'Add to review' : 'Start a review'}
          </Button>
        )}
        {hasDrafts ? (
          <Button type="submit" disabled={empty} loading={create.isPending}>
            Add comment now
          </Button>
        ) : (
          <ButtonGroup>
            <Button type="submit" variant="primary" disabled={empty} loading={create.isPending}>
              {NOTE_TYPES[noteType].label}
            </Button>
            <ActionMenu>
              <ActionMenu.Anchor>
                <IconButton variant="primary" icon={TriangleDownIcon} aria-label="Choose the comment type" />
              </ActionMenu.Anchor>
              <ActionMenu.Overlay width="medium">
                <ActionList selectionVariant="single">
                  {(Object.keys(NOTE_TYPES) as NoteType[]).map((type) => (
                    <ActionList.Item
                      key={type}
                      selected={noteType === type}
                      onSelect={() => setNoteType(type)}
                    >
                      {NOTE_TYPES[type].label}
                      <ActionList.Description variant="block">
                        {NOTE_TYPES[type].description(name)}
                      </ActionList.Description>
                    </ActionList.Item>
                  ))}
                </ActionList>
              </ActionMenu.Overlay>
            </ActionMenu>
          </ButtonGroup>
        )}
        <CloseReopenButton text={text} internal={internal} onDone={clear} />
      </div>
    </form>
  );
}
