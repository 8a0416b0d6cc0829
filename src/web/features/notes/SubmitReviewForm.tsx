import { Button, Flash, FormControl, Radio, RadioGroup, Textarea } from '@primer/react';
import { useState, type FormEvent } from 'react';
import type { SubmittedReviewState } from '../../../shared/api/reviewSubmission';
import type { DraftMutations } from './mutations';

/** The conclusions a reviewer picks from, with what each means, as GitLab's submit-review form lists them. */
const CONCLUSIONS: ReadonlyArray<{ state: SubmittedReviewState; label: string; caption: string }> = [
  { state: 'reviewed', label: 'Comment', caption: 'Submit general feedback without explicit approval.' },
  { state: 'approved', label: 'Approve', caption: 'Submit feedback and approve these changes.' },
  {
    state: 'requested_changes',
    label: 'Request changes',
    caption: 'Submit feedback that should be addressed before merging.',
  },
];

/**
 * "Submit your review": an optional summary comment and the reviewer's conclusion (Comment,
 * Approve, Request changes), submitted with the pending comments in one call.
 */
export function SubmitReviewForm({
  submitReview,
  onSubmitted,
}: {
  submitReview: DraftMutations['submitReview'];
  /** The review is in: the form closes, so the next review starts from "Submit review" again. */
  onSubmitted: () => void;
}) {
  const [summary, setSummary] = useState('');
  const [conclusion, setConclusion] = useState<SubmittedReviewState>('reviewed');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitReview.mutate({ note: summary, reviewer_state: conclusion }, { onSuccess: onSubmitted });
  };
  return (
    <form className="submit-review" role="dialog" aria-label="Submit your review" onSubmit={onSubmit}>
      <h3 className="submit-review__title">Submit your review</h3>
      <FormControl>
        <FormControl.Label>Summary comment (optional)</FormControl.Label>
        <Textarea
          block
          rows={3}
          value={summary}
          placeholder="Write a comment or drag your files here…"
          onChange={(event) => setSummary(event.target.value)}
        />
      </FormControl>
      <RadioGroup
        name="reviewer_state"
        onChange={(selected) => selected && setConclusion(selected as SubmittedReviewState)}
      >
        <RadioGroup.Label visuallyHidden>Review conclusion</RadioGroup.Label>
        {CONCLUSIONS.map(({ state, label, caption }) => (
          <FormControl key={state}>
            <Radio value={state} checked={conclusion === state} />
            <FormControl.Label>{label}</FormControl.Label>
            <FormControl.Caption>{caption}</FormControl.Caption>
          </FormControl>
        ))}
      </RadioGroup>
      {submitReview.isError && <Flash variant="danger">{submitReview.error.message}</Flash>}
      <div>
        <Button type="submit" variant="primary" loading={submitReview.isPending}>
          Submit review
        </Button>
      </div>
    </form>
  );
}
