import { Button, Tooltip } from '@primer/react';
import type { Note } from '../../../shared/api/notes';
import { awardFailureText, groupAwards, reactionTooltip } from '../../../shared/notes/emojiAwards';
import { Suspense } from 'react';
import { ApiError } from '../../api/client';
import { lazyComponent } from '../../components/lazyComponent';
import { EmojiPicker } from './EmojiPicker';
import { currentUserId, useNotesContext } from './NotesContext';

/** The emoji list loads with the first reaction shown, not with every page. */
const EmojiGlyph = lazyComponent(() => import('./EmojiGlyph').then((m) => m.EmojiGlyph));

/**
 * Spec 001 sections 2.10 and 6: a note's reactions with who gave them, a toggle each, and the picker
 * for those who may award; signed-out visitors see them disabled (and still who reacted). Most
 * notes have none, and show nothing.
 */
export function EmojiAwards({ note, onAward }: { note: Note; onAward: (name: string) => void }) {
  const { notesData } = useNotesContext();
  if (note.award_emoji.length === 0) return null;
  return (
    <AwardBar
      groups={groupAwards(note.award_emoji)}
      me={currentUserId(notesData)}
      canAward={note.current_user.can_award_emoji}
      onAward={onAward}
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
  error,
}: {
  groups: AwardGroup[];
  me: number | null;
  canAward: boolean;
  onAward: (name: string) => void;
  /** The last award's failure, shown in the bar (a note shows its own below its body). */
  error?: Error | null;
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
            <span aria-label={name}>
              <Suspense fallback={null}>
                <EmojiGlyph name={name} />
              </Suspense>
            </span>
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
      <AwardFailure error={error ?? null} />
    </div>
  );
}

/** Spec 001 section 8: why an award did not land, in GitLab's words. */
export function AwardFailure({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <span className="note-error" role="alert">
      {awardFailureText(error instanceof ApiError ? error.status : null)}
    </span>
  );
}
