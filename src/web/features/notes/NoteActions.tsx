import {
  CheckCircleFillIcon,
  CheckCircleIcon,
  KebabHorizontalIcon,
  PencilIcon,
  ReplyIcon,
  TrashIcon,
} from '@primer/octicons-react';
import { ActionList, ActionMenu } from '@primer/react';
import { useId, useRef, useState, type RefObject } from 'react';
import type { Note } from '../../../shared/api/notes';
import { canReportAbuse, showDeleteDirectly } from '../../../shared/notes/noteActions';
import { canPromoteToTimeline, promotionOutcome } from '../../../shared/notes/timelinePromotion';
import { EmojiPicker } from './EmojiPicker';
import { currentUserId, useNotesContext } from './NotesContext';
import { ReportAbuseDrawer } from './ReportAbuseDrawer';
import { AssignAuthorItem, useAssignAuthor } from './AssignAuthorItem';
import { ASSIGN_FAILED } from '../../components/AssigneesField';
import { usePromoteToTimeline } from './mutations';
import { ThreadIconButton } from './ThreadIconButton';
import { maskIcon } from '../../components/maskIcon';

const RESOLVE_ICON = maskIcon(CheckCircleIcon);
const RESOLVED_ICON = maskIcon(CheckCircleFillIcon);
const REPLY_ICON = maskIcon(ReplyIcon);
const EDIT_ICON = maskIcon(PencilIcon);
const DELETE_ICON = maskIcon(TrashIcon);
const MORE_ICON = maskIcon(KebabHorizontalIcon);

export type ResolveControl = { resolved: boolean; pending: boolean; onToggle: () => void };

type Props = {
  note: Note;
  resolve: ResolveControl | null;
  onReply: (() => void) | null;
  onEdit: () => void;
  onDelete: () => void;
  onAward: (name: string) => void;
};

/**
 * Spec 001 section 2.2: resolve, emoji, reply, edit, delete, and the more-actions menu. A page holds
 * hundreds of notes, so the menu is only its button until it is first opened.
 */
export function NoteActions({ note, resolve, onReply, onEdit, onDelete, onAward }: Props) {
  const { notesData } = useNotesContext();
  const me = currentUserId(notesData);
  const canDelete = note.current_user.can_edit;
  const deleteDirectly = showDeleteDirectly(canDelete, canReportAbuse(note, me), note.noteable_note_url);

  return (
    <div className="note-actions">
      {resolve && (
        <ThreadIconButton
          variant="invisible"
          icon={resolve.resolved ? RESOLVED_ICON : RESOLVE_ICON}
          className={resolve.resolved ? 'note-actions__resolved' : undefined}
          aria-label={resolve.resolved ? 'Unresolve thread' : 'Resolve thread'}
          disabled={resolve.pending}
          onClick={resolve.onToggle}
        />
      )}
      {note.current_user.can_award_emoji && me !== null && <EmojiPicker onPick={onAward} />}
      {onReply && (
        <ThreadIconButton
          variant="invisible"
          icon={REPLY_ICON}
          aria-label="Reply to comment"
          onClick={onReply}
        />
      )}
      {note.current_user.can_edit && (
        <ThreadIconButton variant="invisible" icon={EDIT_ICON} aria-label="Edit comment" onClick={onEdit} />
      )}
      {deleteDirectly && (
        <ThreadIconButton
          variant="invisible"
          icon={DELETE_ICON}
          aria-label="Delete comment"
          onClick={onDelete}
        />
      )}
      <MoreActions note={note} onDelete={canDelete && !deleteDirectly ? onDelete : null} />
    </div>
  );
}

/** The "More actions" button; the menu, its mutations and its messages exist from its first opening on. */
function MoreActions({ note, onDelete }: { note: Note; onDelete: (() => void) | null }) {
  const anchor = useRef<HTMLButtonElement>(null);
  const anchorId = useId();
  const [open, setOpen] = useState(false);
  const [built, setBuilt] = useState(false);
  return (
    <>
      <ThreadIconButton
        ref={anchor}
        id={anchorId}
        variant="invisible"
        icon={MORE_ICON}
        aria-label="More actions"
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => {
          setBuilt(true);
          setOpen(!open);
        }}
      />
      {built && (
        <MoreActionsMenu
          note={note}
          onDelete={onDelete}
          anchor={anchor}
          anchorId={anchorId}
          open={open}
          onOpenChange={setOpen}
        />
      )}
    </>
  );
}

type MenuProps = {
  note: Note;
  onDelete: (() => void) | null;
  anchor: RefObject<HTMLButtonElement | null>;
  anchorId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

function MoreActionsMenu({ note, onDelete, anchor, anchorId, open, onOpenChange }: MenuProps) {
  const { notesData } = useNotesContext();
  const [reporting, setReporting] = useState(false);
  const promote = usePromoteToTimeline();
  const assign = useAssignAuthor(notesData);
  const promotion = promote.isSuccess
    ? promotionOutcome(promote.data)
    : promote.isError
      ? promotionOutcome(null)
      : null;
  const promotable = canPromoteToTimeline(
    notesData.noteableData.targetType,
    notesData.currentUserData?.can_add_timeline_events ?? false,
    note.system,
  );
  const reportable = canReportAbuse(note, currentUserId(notesData));

  return (
    <>
      <ActionMenu anchorRef={anchor} open={open} onOpenChange={onOpenChange}>
        <ActionMenu.Overlay width="small" aria-labelledby={anchorId}>
          <ActionList>
            <ActionList.Item onSelect={() => void navigator.clipboard?.writeText(note.noteable_note_url)}>
              Copy link
            </ActionList.Item>
            {promotable && (
              <ActionList.Item onSelect={() => promote.mutate(note)}>
                Add comment to incident timeline
              </ActionList.Item>
            )}
            <AssignAuthorItem note={note} notesData={notesData} assign={assign} />
            {reportable && (
              <ActionList.Item onSelect={() => setReporting(true)}>Report abuse</ActionList.Item>
            )}
            {onDelete && (
              <ActionList.Item variant="danger" onSelect={onDelete}>
                Delete comment
              </ActionList.Item>
            )}
          </ActionList>
        </ActionMenu.Overlay>
      </ActionMenu>
      {promotion && (
        <span className={promotion.kind === 'error' ? 'note-error' : 'note-success'} role="status">
          {promotion.text}
        </span>
      )}
      {assign.isError && (
        <span className="note-error" role="alert">
          {ASSIGN_FAILED}
        </span>
      )}
      {reporting && note.author && (
        <ReportAbuseDrawer
          userId={note.author.id}
          reportedFromUrl={note.noteable_note_url}
          onClose={() => setReporting(false)}
        />
      )}
    </>
  );
}
