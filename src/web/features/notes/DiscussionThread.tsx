import { CheckCircleFillIcon, ChevronDownIcon, ChevronUpIcon, IssueOpenedIcon } from '@primer/octicons-react';
import { Button, Flash, IconButton } from '@primer/react';
import { Suspense, memo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Discussion } from '../../../shared/api/notes';
import { autosaveKey } from '../../../shared/notes/autosaveKey';
import { canShowResolve, resolveWithIssuePath } from '../../../shared/notes/noteActions';
import { ThreadIconButton } from './ThreadIconButton';
import { maskIcon } from '../../components/maskIcon';

const PREVIOUS_ICON = maskIcon(ChevronUpIcon);
const NEXT_ICON = maskIcon(ChevronDownIcon);
import { DiffExcerpt } from './DiffExcerpt';
import { DraftNoteItem } from './DraftNoteItem';
import type { ResolveControl } from './NoteActions';
import { NoteItem } from './NoteItem';
import { useNotesContext } from './NotesContext';
import { RepliesToggle } from './RepliesToggle';
import { RESOLVE_FAILED, ReplyForm } from './ReplyForm';
import { SystemNote } from './SystemNote';
import { useResolveDiscussion } from './mutations';
import { hasAutosavedText } from './useAutosavedText';
import { usePendingNotes } from './usePendingNotes';
import { lazyComponent } from '../../components/lazyComponent';

// Its quick-action parsing needs the emoji list: loaded with the first note saved.
const PlaceholderNote = lazyComponent(() => import('./PlaceholderNote').then((m) => m.PlaceholderNote));

type Props = {
  discussion: Discussion;
  /** Jump to the next or previous unresolved thread; absent where there is nothing to jump between. */
  onJump?: (from: string, direction: 'next' | 'previous') => void;
  /** The note a `#note_{id}` link points at: its thread opens its replies. */
  targetNoteId?: number | null;
  /** The Overview shows a diff thread's file and lines above its notes; the Changes tab has them beside it. */
  withDiffExcerpt?: boolean;
};

/**
 * A thread (or a single note, or a system note): the first note, the replies behind their toggle,
 * the reply form, and the resolve controls. Takes everything by props and the notes context, so the
 * Changes tab can show its line threads with it. Memoized: a page of threads arriving (or a live
 * note) re-renders the threads it changed, not all of them.
 */
export const DiscussionThread = memo(function DiscussionThread({
  discussion,
  onJump,
  targetNoteId = null,
  withDiffExcerpt = false,
}: Props) {
  const first = discussion.notes[0];
  if (!first) return null;
  if (first.system) return <SystemNote note={first} />;
  return (
    <Thread
      discussion={discussion}
      onJump={onJump}
      targetNoteId={targetNoteId}
      withDiffExcerpt={withDiffExcerpt}
    />
  );
});

function threadClass(single: boolean, resolved: boolean): string {
  if (single) return 'discussion discussion--single';
  return resolved ? 'discussion discussion--resolved' : 'discussion';
}

function Thread({ discussion, onJump, targetNoteId, withDiffExcerpt }: Props) {
  const { notesData, cache, drafts } = useNotesContext();
  const [first, ...replies] = discussion.notes;
  const threadDrafts = drafts.filter((draft) => draft.discussion_id === discussion.id);
  const targeted = replies.some((note) => note.id === targetNoteId);
  const [expanded, setExpanded] = useState(() => !discussion.resolved || targeted);
  // A `#note_{id}` link followed later (a hash change) opens the replies it points into.
  const [seenTarget, setSeenTarget] = useState(targetNoteId);
  if (targetNoteId !== seenTarget) {
    setSeenTarget(targetNoteId);
    if (targeted) setExpanded(true);
  }
  const [replying, setReplying] = useState(() =>
    hasAutosavedText(autosaveKey({ kind: 'reply', discussionId: discussion.id })),
  );
  const resolveMutation = useResolveDiscussion(cache);
  const pending = usePendingNotes(notesData.discussionsPath, discussion.reply_id);
  const canReply = notesData.noteableData.current_user.can_create_note && !notesData.noteableData.archived;
  const showResolve = canShowResolve(discussion) && discussion.resolve_path !== null;
  const resolve: ResolveControl | null = showResolve
    ? {
        resolved: discussion.resolved,
        pending: resolveMutation.isPending,
        onToggle: () => resolveMutation.mutate({ discussion, resolve: !discussion.resolved }),
      }
    : null;
  const startReplying = canReply ? () => setReplying(true) : null;
  const newIssuePath = resolveWithIssuePath(discussion);
  if (!first) return null;

  // A single note keeps the same elements as a thread, so that its reply form stays mounted while
  // the reply turns it into one.
  const single = discussion.individual_note && pending.length === 0 && threadDrafts.length === 0;
  const showReplies = expanded || replies.length === 0;
  return (
    <li className={threadClass(single, discussion.resolved)} data-discussion-id={discussion.id}>
      {withDiffExcerpt && <DiffExcerpt discussion={discussion} />}
      <ul className="discussion__notes">
        <NoteItem note={first} resolve={resolve} onReply={startReplying} />
        {replies.length > 0 && (
          <li className="discussion__toggle">
            <RepliesToggle replies={replies} expanded={expanded} onToggle={() => setExpanded(!expanded)} />
          </li>
        )}
        {showReplies &&
          replies.map((note) =>
            // The server notes what happened to the thread in it ("created #3 to continue this discussion").
            note.system ? (
              <SystemNote key={note.id} note={note} />
            ) : (
              <NoteItem key={note.id} note={note} onReply={startReplying} />
            ),
          )}
        <Suspense fallback={null}>
          {pending.map((text, index) => (
            <PlaceholderNote key={index} notesData={notesData} text={text} />
          ))}
        </Suspense>
        {threadDrafts.map((draft) => (
          <DraftNoteItem key={draft.id} draft={draft} discussion={discussion} />
        ))}
      </ul>
      {resolveMutation.isError && <Flash variant="danger">{RESOLVE_FAILED}</Flash>}
      <div className="discussion__footer" hidden={single && !replying}>
        {replying ? (
          <ReplyForm discussion={discussion} onClose={() => setReplying(false)} />
        ) : single ? null : (
          <>
            {canReply && (
              <button
                type="button"
                className="discussion__reply-placeholder"
                onClick={() => setReplying(true)}
              >
                {discussion.internal ? 'Reply internally…' : 'Reply…'}
              </button>
            )}
            {resolve && (
              <Button size="small" loading={resolve.pending} onClick={resolve.onToggle}>
                {discussion.resolved ? 'Reopen thread' : 'Resolve thread'}
              </Button>
            )}
            {newIssuePath && (
              <IconButton
                as={RouterLink}
                to={newIssuePath}
                size="small"
                icon={IssueOpenedIcon}
                aria-label="Create issue to resolve thread"
                unsafeDisableTooltip
                data-thread-tooltip=""
              />
            )}
            {discussion.resolvable && onJump && (
              <span className="discussion__jump">
                <ThreadIconButton
                  icon={PREVIOUS_ICON}
                  aria-label="Go to previous unresolved thread"
                  onClick={() => onJump(discussion.id, 'previous')}
                />
                <ThreadIconButton
                  icon={NEXT_ICON}
                  aria-label="Go to next unresolved thread"
                  onClick={() => onJump(discussion.id, 'next')}
                />
              </span>
            )}
          </>
        )}
      </div>
      {discussion.resolved && (
        <p className="discussion__resolved">
          <CheckCircleFillIcon />
          {discussion.resolved_by_push
            ? 'Automatically resolved'
            : `Resolved by ${discussion.resolved_by?.name ?? 'a deleted user'}`}
        </p>
      )}
    </li>
  );
}
