import { DEFAULT_NOTEABLE_AWARDS, groupAwards } from '../../../shared/notes/emojiAwards';
import { AwardBar } from './EmojiAwards';
import { useToggleNoteableAward } from './mutations';
import { useNoteableAwards, useNotesData } from './queries';
import './discussions.css';
import './note.css';
import './system-notes.css';
import './note-form.css';
import './diff-excerpt.css';

type Props = {
  /** The page's `notes_data.json`: who looks and whether they may award. */
  notesDataPath: string;
  /** GitLab's REST awards of the issue or merge request (`.../award_emoji`). */
  awardsPath: string;
  /** `{noteable path}/toggle_award_emoji`. */
  togglePath: string;
};

/**
 * Spec 001 section 2.10: the award bar of the issue or merge request itself, thumbs up and down
 * always shown (their counts are its `upvotes` and `downvotes`), with the picker for those who may
 * award; disabled for signed-out visitors.
 */
export function NoteableAwards({ notesDataPath, awardsPath, togglePath }: Props) {
  const notesData = useNotesData(notesDataPath);
  const awards = useNoteableAwards(awardsPath);
  const toggle = useToggleNoteableAward(awardsPath, togglePath);
  if (!notesData.data || !awards.data) return null;
  return (
    <div className="noteable-awards">
      <AwardBar
        groups={groupAwards(awards.data, DEFAULT_NOTEABLE_AWARDS)}
        me={notesData.data.currentUserData?.id ?? null}
        canAward={notesData.data.noteableData.current_user.can_award_emoji}
        onAward={(name) => toggle.mutate(name)}
        error={toggle.error}
      />
    </div>
  );
}
