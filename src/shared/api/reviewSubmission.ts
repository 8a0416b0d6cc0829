import { z } from 'zod';
import { booleanParam } from './params';
import { MAX_NOTE_LENGTH } from './notes';

/** What a reviewer may conclude when submitting a review: GitLab's "Comment", "Approve", "Request changes". */
export const SUBMITTED_REVIEW_STATES = ['reviewed', 'approved', 'requested_changes'] as const;
export type SubmittedReviewState = (typeof SUBMITTED_REVIEW_STATES)[number];

/**
 * `POST {mr}/draft_notes/bulk_publish`, GitLab's submit-review form: the summary comment (`note`),
 * the conclusion (`reviewer_state`; the older `approve` flag means approved) and the approval
 * password where the project asks for one. An empty body submits the review as a comment.
 */
export const submitReviewBodySchema = z
  .object({
    note: z.string().max(MAX_NOTE_LENGTH).optional(),
    reviewer_state: z.enum(SUBMITTED_REVIEW_STATES).optional(),
    approve: booleanParam.optional(),
    approval_password: z.string().max(1000).optional(),
  })
  // A POST with no body at all (GitLab's clients send none) comes as null.
  .nullish();
export type SubmitReviewBody = NonNullable<z.input<typeof submitReviewBodySchema>>;

/** The conclusion a submit-review body asks for. */
export function submittedState(body: z.output<typeof submitReviewBodySchema>): SubmittedReviewState {
  return body?.reviewer_state ?? (body?.approve ? 'approved' : 'reviewed');
}
