import { PencilIcon, TrashIcon } from '@primer/octicons-react';
import { Button, Checkbox, Flash, FormControl, IconButton, Label } from '@primer/react';
import { useState } from 'react';
import type { Discussion, DraftNote } from '../../../shared/api/notes';
import { canShowResolve } from '../../../shared/notes/noteActions';
import {
  draftChangesThread,
  resolveCheckboxLabel,
  threadStatusMessage,
} from '../../../shared/notes/threadStatus';
import { MarkdownBody } from '../../components/MarkdownBody';
import { BadgeWithTooltip } from './BadgeWithTooltip';
import { NoteAvatar } from './NoteAvatar';
import { NoteEditor } from './NoteEditor';
import { useNotesContext } from './NotesContext';
import { useDeleteConfirmation } from './useDeleteConfirmation';

export const PENDING_TOOLTIP = 'Pending comments are hidden until you submit your review.';

/**
 * Spec 001 sections 2.5 and 4: a pending comment, seen by its author alone: the "Pending" badge,
 * its quick commands under the body, edit, delete and publish-now, and in a thread the resolve
 * status it will leave the thread in, which can be toggled.
 */
export function DraftNoteItem({
  draft,
  discussion = null,
}: {
  draft: DraftNote;
  discussion?: Discussion | null;
}) {
  const { notesData, draftMutations } = useNotesContext();
  const confirmDelete = useDeleteConfirmation();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(draft.note);
  if (!draftMutations) return null;
  const { update, remove, publish } = draftMutations;
  const user = notesData.currentUserData;

  const save = () => update.mutate({ draft, text }, { onSuccess: () => setEditing(false) });

  const onDelete = async () => {
    if (await confirmDelete(draft)) remove.mutate(draft);
  };

  return (
    <li id={`draft_note_${draft.id}`} className="note note--draft">
      <NoteAvatar author={user ? { name: user.name, avatar_url: null } : null} size={32} />
      <div className="note__main">
        <div className="note__top">
          <div className="note-header">
            <span className="note-header__author">{user?.name}</span>
            <BadgeWithTooltip label="Pending" tooltip={PENDING_TOOLTIP} />
            {draft.internal && (
              <Label variant="attention" className="note-badge">
                Internal note
              </Label>
            )}
          </div>
          {!editing && (
            <div className="note-actions">
              <IconButton
                size="small"
                variant="invisible"
                icon={PencilIcon}
                aria-label="Edit pending comment"
                onClick={() => setEditing(true)}
              />
              <IconButton
                size="small"
                variant="invisible"
                icon={TrashIcon}
                aria-label="Delete pending comment"
                onClick={() => void onDelete()}
              />
            </div>
          )}
        </div>
        {(update.error ?? remove.error ?? publish.error) && (
          <Flash variant="danger">{(update.error ?? remove.error ?? publish.error)?.message}</Flash>
        )}
        {editing ? (
          <form
            className="note-form"
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
          >
            <NoteEditor
              label="Edit pending comment"
              value={text}
              onChange={setText}
              onSubmit={save}
              onCancel={() => setEditing(false)}
              autoFocus
            />
            <div className="note-form__buttons">
              <Button type="submit" variant="primary" loading={update.isPending} disabled={!text.trim()}>
                Save comment
              </Button>
              <Button onClick={() => setEditing(false)}>Cancel</Button>
            </div>
          </form>
        ) : (
          <div className="note__body">
            <MarkdownBody html={draft.note_html} />
            {draft.references.commands && <p className="muted note__commands">{draft.references.commands}</p>}
            {discussion && canShowResolve(discussion) && (
              <ResolveToggle
                draft={draft}
                resolved={discussion.resolved}
                pending={update.isPending}
                onToggle={() => update.mutate({ draft, resolveDiscussion: !draft.resolve_discussion })}
              />
            )}
            <Button size="small" loading={publish.isPending} onClick={() => publish.mutate(draft)}>
              Add comment now
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

/** The thread's resolve checkbox, kept on the pending reply: what submitting the review does to the thread. */
function ResolveToggle({
  draft,
  resolved,
  pending,
  onToggle,
}: {
  draft: DraftNote;
  resolved: boolean;
  pending: boolean;
  onToggle: () => void;
}) {
  const changes = draftChangesThread(resolved, draft.resolve_discussion);
  return (
    <FormControl disabled={pending}>
      <Checkbox checked={changes} onChange={onToggle} />
      <FormControl.Label>{resolveCheckboxLabel(resolved)}</FormControl.Label>
      <FormControl.Caption>{threadStatusMessage(resolved, changes)}</FormControl.Caption>
    </FormControl>
  );
}
