import { Button, Tooltip } from '@primer/react';
import type { Note } from '../../../shared/api/notes';
import { findEmoji } from '../../../shared/emoji/emoji';
import { groupAwards, reactionTooltip } from '../../../shared/notes/emojiAwards';
import { EmojiPicker } from './EmojiPicker';
import { currentUserId, useNotesContext } from './NotesContext';
import { useToggleAward } from './mutations';

export const AWARD_FAILED = 'Something went wrong while adding your award. Please try again.';

/**
 * Spec 001 sections 2.10 and 6: a note's reactions with who gave them, a toggle each, and the picker
 * for those who may award; signed-out visitors see them disabled (and still who reacted).
 */
export function EmojiAwards({ note }: { note: Note }) {
  // Most notes have none: those skip the bar's mutation observer (a page holds hundreds of notes).
  return note.award_emoji.length === 0 ? null : <NoteAwardBar note={note} />;
}

function NoteAwardBar({ note }: { note: Note }) {
  const { notesData, cache } = useNotesContext();
  const toggle = useToggleAward(cache);
  return (
    <AwardBar
      groups={groupAwards(note.award_emoji)}
      me={currentUserId(notesData)}
      canAward={note.current_user.can_award_emoji}
      onAward={(name) => toggle.mutate({ note, name })}
      failed={toggle.isError}
    />
  );
}

type AwardGroup = [name: string, awards: { user: { id: number; name: string } }[]];

/** The bar itself, for a note or for the issue or merge request: a button per emoji, then the picker. */
export function AwardBar({
  groups,
  me,
  canAward,
  onAward,
  failed,
}: {
  groups: AwardGroup[];
  me: number | null;
  canAward: boolean;
  onAward: (name: string) => void;
  failed: boolean;
}) {
  return (
    <div className="note-awards" role="group" aria-label="Reactions">
      {groups.map(([name, awards]) => {
        const mine = awards.some((item) => item.user.id === me);
        const enabled = me !== null && canAward;
        // Inactive rather than disabled: the tooltip naming who reacted needs a focusable button.
        const button = (
          <Button
            size="small"
            className={mine ? 'note-awards__award note-awards__award--mine' : 'note-awards__award'}
            aria-pressed={mine}
            inactive={!enabled}
            aria-disabled={!enabled}
            onClick={enabled ? () => onAward(name) : undefined}
            count={awards.length}
          >
            <span aria-label={name}>{findEmoji(name)?.unicode ?? `:${name}:`}</span>
          </Button>
        );
        // An emoji nobody gave yet (thumbs up and down on the noteable) has no one to name.
        return awards.length === 0 ? (
          <span key={name}>{button}</span>
        ) : (
          <Tooltip
            key={name}
            text={reactionTooltip(
              awards.map((item) => item.user),
              name,
              me,
            )}
            direction="n"
          >
            {button}
          </Tooltip>
        );
      })}
      {canAward && me !== null && <EmojiPicker onPick={onAward} />}
      {failed && (
        <span className="note-error" role="alert">
          {AWARD_FAILED}
        </span>
      )}
    </div>
  );
}
