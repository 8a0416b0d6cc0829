import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DISCUSSION_FILTER,
  discussionFilterKind,
  isCommentFormDisabledByFilter,
  timelineAfterFilter,
  type DiscussionFilterKind,
} from './discussionFilter';

describe('discussion filter (spec 001 §4)', () => {
  it.each<[number, DiscussionFilterKind, boolean]>([
    [0, 'all_activity', false],
    [1, 'only_comments', false],
    [2, 'only_history', true],
    [7, 'only_history', true],
    [-1, 'only_history', true],
  ])('%i reads as %s; form disabled: %s', (value, kind, disabled) => {
    expect(discussionFilterKind(value)).toBe(kind);
    expect(isCommentFormDisabledByFilter(value)).toBe(disabled);
  });

  it('defaults to all activity', () => {
    expect(DEFAULT_DISCUSSION_FILTER).toBe(0);
  });

  it.each<[number, boolean, boolean]>([
    [0, true, false],
    [2, true, false],
    [1, true, true],
    [1, false, false],
  ])('filter %i with timeline %s leaves timeline %s', (value, before, after) => {
    expect(timelineAfterFilter(value, before)).toBe(after);
  });
});
