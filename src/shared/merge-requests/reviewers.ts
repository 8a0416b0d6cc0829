import type { ReviewerState } from '../api/reviewers';
import { assertNever } from '../lib/assertNever';

/** Rails' `to_sentence` over `@username` references: "@a", "@a and @b", "@a, @b, and @c". */
function mentions(usernames: readonly string[]): string {
  const refs = usernames.map((name) => `@${name}`);
  if (refs.length <= 2) return refs.join(' and ');
  return `${refs.slice(0, -1).join(', ')}, and ${refs.at(-1)}`;
}

/**
 * GitLab's `change_issuable_reviewers` system note: "requested review from @a", "removed review
 * request for @b", or both joined by "and".
 */
export function reviewersChangedText(added: readonly string[], removed: readonly string[]): string {
  const parts = [
    added.length > 0 ? `requested review from ${mentions(added)}` : null,
    removed.length > 0 ? `removed review request for ${mentions(removed)}` : null,
  ].filter((part): part is string => part !== null);
  return parts.join(' and ');
}

/** GitLab's `request_review` system note, written when a review is requested again. */
export const reviewRequestedText = (username: string): string => `requested review from @${username}`;

/** GitLab's `requested_changes` system note, written when a reviewer submits a review requesting changes. */
export const REQUESTED_CHANGES_TEXT = 'requested changes';

/** What a reviewer did that moves their review along. */
export type ReviewActivity = 'draft_written' | 'review_submitted';

/**
 * A reviewer's state after they did something, as GitLab moves it: the first pending comment
 * starts a review (from unreviewed only); submitting a review makes it reviewed, except that an
 * approval stands until it is withdrawn. Null when the state does not move.
 */
export function reviewerStateAfter(current: ReviewerState, activity: ReviewActivity): ReviewerState | null {
  switch (activity) {
    case 'draft_written':
      return current === 'unreviewed' ? 'review_started' : null;
    case 'review_submitted':
      return current === 'approved' || current === 'reviewed' ? null : 'reviewed';
    default:
      return assertNever(activity);
  }
}

/** What the sidebar says of a reviewer's state (the tooltip and label of its icon), as GitLab's does. */
export function reviewerStateLabel(state: ReviewerState): string {
  switch (state) {
    case 'unreviewed':
      return 'Awaiting review';
    case 'review_started':
      return 'Reviewer started review';
    case 'reviewed':
      return 'Reviewer commented';
    case 'requested_changes':
      return 'Reviewer requested changes';
    case 'approved':
      return 'Reviewer approved changes';
    case 'unapproved':
      return 'Reviewer approval was reset';
    default:
      return assertNever(state);
  }
}

/** A review can be asked for again once the reviewer has done something with the last request. */
export const canRerequestReview = (state: ReviewerState): boolean => state !== 'unreviewed';
