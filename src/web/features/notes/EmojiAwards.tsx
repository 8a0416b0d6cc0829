import { Button, Tooltip } from '@primer/react';
import type { Award, Note } from '../../../shared/api/notes';
import { findEmoji } from '../../../shared/emoji/emoji';
import { reactionTooltip } from '../../../shared/notes/emojiAwards';
import { EmojiPicker } from './EmojiPicker';
import { currentUserId, useNotesContext } from './NotesContext';
import { useToggleAward } from './mutations';

/** Awards grouped by emoji, in the order each emoji was first given. */
function groupAwards(awards: readonly Award[]): [string, Award[]][] {
  const groups = new Map<string, Award[]>();
  for (const award of awards) groups.set(award.name, [...(groups.get(award.name) ?? []), award]);
  return [...groups];
}

/**
 * Spec 001 sections 2.10 and 6: a note's reactions with who gave them, a toggle each, and the picker
 * for those who may award; signed-out visitors see them disabled.
 */
export function EmojiAwards({ note }: { note: Note }) {
  const { notesData, cache } = useNotesContext();
  const toggle = useToggleAward(cache);
  const me = currentUserId(notesData);
  const groups = groupAwards(note.award_emoji);
  if (groups.length === 0) return null;
  const award = (name: string) => toggle.mutate({ note, name });
  return (
    <div className="note-awards" role="group" aria-label="Reactions">
      {groups.map(([name, awards]) => {
        const mine = awards.some((item) => item.user.id === me);
        return (
          <Tooltip
            key={name}
            text={reactionTooltip(
              awards.map((item) => item.user),
              name,
              me,
            )}
            direction="n"
          >
            <Button
              size="small"
              className={mine ? 'note-awards__award note-awards__award--mine' : 'note-awards__award'}
              aria-pressed={mine}
              disabled={me === null || !note.current_user.can_award_emoji}
              onClick={() => award(name)}
              count={awards.length}
            >
              <span aria-label={name}>{findEmoji(name)?.unicode ?? `:${name}:`}</span>
            </Button>
          </Tooltip>
        );
      })}
      {note.current_user.can_award_emoji && me !== null && <EmojiPicker onPick={award} />}
      {toggle.isError && (
        <span className="note-error" role="alert">
          Something went wrong while adding your award. Please try again.
        </span>
      )}
    </div>
  );
}
