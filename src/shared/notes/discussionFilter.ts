/** Spec 001 section 4: 0 all activity, 1 comments only, anything else history only. */
export const NOTES_FILTERS = { allActivity: 0, onlyComments: 1, onlyHistory: 2 } as const;

/** Spec 001 section 4: 0 is all activity, 1 is comments only, any other value is history only. */
export type DiscussionFilterKind = 'all_activity' | 'only_comments' | 'only_history';

export const DEFAULT_DISCUSSION_FILTER = NOTES_FILTERS.allActivity;

/** The dropdown's choices, in GitLab's words and order. */
export const DISCUSSION_FILTER_OPTIONS = [
  { value: NOTES_FILTERS.allActivity, title: 'Show all activity' },
  { value: NOTES_FILTERS.onlyComments, title: 'Show comments only' },
  { value: NOTES_FILTERS.onlyHistory, title: 'Show history only' },
] as const;

export function discussionFilterKind(value: number): DiscussionFilterKind {
  if (value === NOTES_FILTERS.allActivity) return 'all_activity';
  if (value === NOTES_FILTERS.onlyComments) return 'only_comments';
  return 'only_history';
}

/** History only shows system notes, so there is nothing to reply to and the comment form is disabled. */
export function isCommentFormDisabledByFilter(value: number): boolean {
  return discussionFilterKind(value) === 'only_history';
}

/** Choosing any filter but comments only turns timeline view off; comments only keeps it as it was. */
export function timelineAfterFilter(value: number, timelineOn: boolean): boolean {
  return discussionFilterKind(value) === 'only_comments' ? timelineOn : false;
}
