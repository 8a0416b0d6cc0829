import { describe, expect, it } from 'vitest';
import type { ReviewerState } from '../api/reviewers';
import {
  canRerequestReview,
  reviewerStateAfter,
  reviewerStateLabel,
  reviewersChangedText,
  reviewRequestedText,
  type ReviewActivity,
} from './reviewers';

describe('reviewersChangedText', () => {
  it.each([
    [['a'], [], 'requested review from @a'],
    [['a', 'b'], [], 'requested review from @a and @b'],
    [['a', 'b', 'c'], [], 'requested review from @a, @b, and @c'],
    [[], ['b'], 'removed review request for @b'],
    [['a'], ['b', 'c'], 'requested review from @a and removed review request for @b and @c'],
  ])('%j added, %j removed: %s', (added, removed, text) => {
    expect(reviewersChangedText(added, removed)).toBe(text);
  });

  it('re-requesting a review names the reviewer', () => {
    expect(reviewRequestedText('rita')).toBe('requested review from @rita');
  });
});

describe('reviewerStateAfter', () => {
  it.each<[ReviewerState, ReviewActivity, ReviewerState | null]>([
    ['unreviewed', 'draft_written', 'review_started'],
    ['review_started', 'draft_written', null],
    ['reviewed', 'draft_written', null],
    ['approved', 'draft_written', null],
    ['unreviewed', 'review_submitted', 'reviewed'],
    ['review_started', 'review_submitted', 'reviewed'],
    ['requested_changes', 'review_submitted', 'reviewed'],
    ['unapproved', 'review_submitted', 'reviewed'],
    ['reviewed', 'review_submitted', null],
    ['approved', 'review_submitted', null],
  ])('%s after %s: %s', (current, activity, next) => {
    expect(reviewerStateAfter(current, activity)).toBe(next);
  });
});

describe('reviewerStateLabel and canRerequestReview', () => {
  it.each<[ReviewerState, string, boolean]>([
    ['unreviewed', 'Awaiting review', false],
    ['review_started', 'Reviewer started review', true],
    ['reviewed', 'Reviewer commented', true],
    ['requested_changes', 'Reviewer requested changes', true],
    ['approved', 'Reviewer approved changes', true],
    ['unapproved', 'Reviewer approval was reset', true],
  ])('%s: "%s", re-request %s', (state, label, rerequest) => {
    expect(reviewerStateLabel(state)).toBe(label);
    expect(canRerequestReview(state)).toBe(rerequest);
  });
});
