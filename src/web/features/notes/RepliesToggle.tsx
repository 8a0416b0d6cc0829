import { ChevronDownIcon, ChevronRightIcon } from '@primer/octicons-react';
import { VisuallyHidden } from '@primer/react';
import type { Note } from '../../../shared/api/notes';
import {
  lastReplyText,
  REPLY_AVATAR_SIZE,
  replyAvatars,
  replyCountText,
  repliesToggleLabel,
} from '../../../shared/notes/repliesToggle';
import { NoteAvatar } from './NoteAvatar';

/** Spec 001 section 2.2: collapse or expand a thread's replies; collapsed, who replied and how often. */
export function RepliesToggle({
  replies,
  expanded,
  onToggle,
}: {
  replies: readonly Note[];
  expanded: boolean;
  onToggle: () => void;
}) {
  const last = lastReplyText(replies);
  return (
    <button type="button" className="replies-toggle" aria-expanded={expanded} onClick={onToggle}>
      {expanded ? <ChevronDownIcon /> : <ChevronRightIcon />}
      {expanded ? (
        <span>{repliesToggleLabel(true)}</span>
      ) : (
        <>
          <span className="replies-toggle__avatars">
            {replyAvatars(replies).map((author) => (
              <NoteAvatar key={author.id} author={author} size={REPLY_AVATAR_SIZE} />
            ))}
          </span>
          <span className="replies-toggle__count">{replyCountText(replies.length)}</span>
          {last && <span className="muted">{last}</span>}
          <VisuallyHidden>{repliesToggleLabel(false)}</VisuallyHidden>
        </>
      )}
    </button>
  );
}
