import { Button } from '@primer/react';
import type { ReactNode } from 'react';
import type { DraftNote } from '../../../shared/api/notes';
import { keySubmitAction, type KeySubmitForm } from '../../../shared/notes/keySubmit';
import type { DraftMutations } from './mutations';

type Review = { hasDrafts: boolean; onAddToReview: () => void; pending: boolean };

/** A form's review buttons where the viewer has a review (a merge request), else none. */
export function reviewButtons(
  drafts: readonly DraftNote[],
  draftMutations: DraftMutations | null,
  onAddToReview: () => void,
): Review | null {
  if (!draftMutations) return null;
  return { hasDrafts: drafts.length > 0, onAddToReview, pending: draftMutations.create.isPending };
}

/**
 * The editor's Ctrl/Cmd+Enter (`force` with Shift): adds to the review where the review buttons show
 * (the comment form once drafts exist), or posts now; forcing always posts now.
 */
export function keySubmitHandler(
  form: KeySubmitForm,
  review: Review | null,
  submit: () => void,
): (force: boolean) => void {
  return (force) => {
    const shown = review !== null;
    const action = keySubmitAction(form, { shown, hasDrafts: review?.hasDrafts ?? false }, force);
    if (action === 'add_to_review' && review) review.onAddToReview();
    else submit();
  };
}

type Props = {
  /** Batch review mode (a merge request): the review buttons come first. */
  review: Review | null;
  /** The button that posts at once: "Add comment now" in review mode, else the form's own label. */
  submitLabel: string;
  submitPending: boolean;
  disabled: boolean;
  onCancel?: () => void;
  children?: ReactNode;
};

/**
 * Spec 001 sections 2.4 and 4: in batch-review mode "Start a review" (no drafts yet) or "Add to
 * review", then "Add comment now" and "Cancel"; otherwise one save button and Cancel.
 */
export function SubmitButtons({ review, submitLabel, submitPending, disabled, onCancel, children }: Props) {
  return (
    <div className="note-form__buttons">
      {review && (
        <Button variant="primary" loading={review.pending} disabled={disabled} onClick={review.onAddToReview}>
          {review.hasDrafts ? 'Add to review' : 'Start a review'}
        </Button>
      )}
      {children ?? (
        <Button
          type="submit"
          variant={review ? 'default' : 'primary'}
          loading={submitPending}
          disabled={disabled}
        >
          {review ? 'Add comment now' : submitLabel}
        </Button>
      )}
      {onCancel && <Button onClick={onCancel}>Cancel</Button>}
    </div>
  );
}
