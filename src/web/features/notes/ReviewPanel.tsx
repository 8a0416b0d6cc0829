import { Button } from '@primer/react';
import { useState } from 'react';
import type { DraftNote } from '../../../shared/api/notes';
import { DraftNoteItem } from './DraftNoteItem';
import { useNotesContext } from './NotesContext';
import { SubmitReviewForm } from './SubmitReviewForm';

/**
 * The viewer's review in progress: the pending comments not tied to a thread, and "Submit review",
 * which opens the form for a summary and the conclusion (Comment, Approve, Request changes).
 * `shownElsewhere` leaves out the comments the page already shows in place (on their diff lines).
 */
export function ReviewPanel({
  drafts,
  shownElsewhere,
}: {
  drafts: DraftNote[];
  shownElsewhere?: (draft: DraftNote) => boolean;
}) {
  const { draftMutations } = useNotesContext();
  const [open, setOpen] = useState(false);
  if (!draftMutations || drafts.length === 0) return null;
  const { submitReview } = draftMutations;
  const count = drafts.length === 1 ? '1 pending comment' : `${drafts.length} pending comments`;
  const general = drafts.filter((draft) => draft.discussion_id === null && !shownElsewhere?.(draft));
  return (
    <section className="review-panel" aria-label="Your review">
      {general.length > 0 && (
        <ul className="discussion__notes">
          {general.map((draft) => (
            <DraftNoteItem key={draft.id} draft={draft} />
          ))}
        </ul>
      )}
      <div className="review-panel__bar">
        <span>
          <strong>Your review</strong> <span className="muted">· {count}</span>
        </span>
        <Button variant="primary" aria-expanded={open} onClick={() => setOpen(!open)}>
          Submit review
        </Button>
      </div>
      {open && <SubmitReviewForm submitReview={submitReview} onSubmitted={() => setOpen(false)} />}
    </section>
  );
}
