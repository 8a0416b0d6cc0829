import { assertNever } from '../lib/assertNever';

/**
 * Spec 001 section 2.4: what Ctrl/Cmd+Enter does in a note form, and Shift+Ctrl/Cmd+Enter, which
 * "submits forcing the update". As GitLab's note forms (`handleKeySubmit(forceUpdate)`, the comment
 * form's `handleEnter`): where the review buttons show, the key adds to the review; forcing posts
 * the comment now, as "Add comment now" does. Edits are never pending, so both keys save them.
 */
export type KeySubmitForm =
  /** The comment form under the activity: it adds to the review once a review has drafts. */
  | 'comment'
  /** A reply or a comment on a diff line: it adds to the review whenever the review buttons show. */
  | 'reply'
  | 'edit';

export type KeySubmitAction = 'add_to_review' | 'submit';

export function keySubmitAction(
  form: KeySubmitForm,
  review: { shown: boolean; hasDrafts: boolean },
  force: boolean,
): KeySubmitAction {
  if (force || !review.shown) return 'submit';
  switch (form) {
    case 'comment':
      return review.hasDrafts ? 'add_to_review' : 'submit';
    case 'reply':
      return 'add_to_review';
    case 'edit':
      return 'submit';
    default:
      return assertNever(form);
  }
}
