import { isCommentFormDisabledByFilter } from './discussionFilter';

/** Spec 001 section 2.10: the notices in place of (or above) the comment form, exact. */
export const ARCHIVED_NOTICE = 'This project is archived and cannot be commented on.';
export const SIGNED_OUT_NOTICE = 'Please register or sign in to reply';

export type TargetType = 'issue' | 'incident' | 'merge_request';

/** "merge request", "issue", "incident": the noteable as a sentence names it. */
export function issuableDisplayName(targetType: TargetType): string {
  return targetType.replace('_', ' ');
}

export function lockedNotice(targetType: TargetType): string {
  return `The discussion in this ${issuableDisplayName(targetType)} is locked. Only project members can comment.`;
}

export function confidentialNotice(targetType: TargetType): string {
  return `This is a confidential ${issuableDisplayName(targetType)}. People without permission will never get a notification.`;
}

type Noteable = {
  archived: boolean;
  discussion_locked: boolean;
  confidential: boolean;
  targetType: TargetType;
  current_user: { can_create_note: boolean };
};

export type CommentFormState =
  | { kind: 'signed_out' }
  | { kind: 'archived' }
  | { kind: 'locked' }
  | { kind: 'history_only' }
  | { kind: 'no_permission' }
  | { kind: 'form'; warnings: string[] };

/**
 * Spec 001 sections 4 and 6: signed-out visitors get the sign-in widget, an archived project and a
 * locked discussion (for non-members) a notice, history only no form; members of a locked or
 * confidential noteable get the form with a warning above it.
 */
export function commentFormState(noteable: Noteable, signedIn: boolean, filter: number): CommentFormState {
  if (!signedIn) return { kind: 'signed_out' };
  if (noteable.archived) return { kind: 'archived' };
  const canComment = noteable.current_user.can_create_note;
  if (noteable.discussion_locked && !canComment) return { kind: 'locked' };
  if (!canComment) return { kind: 'no_permission' };
  if (isCommentFormDisabledByFilter(filter)) return { kind: 'history_only' };
  const warnings = [
    ...(noteable.discussion_locked ? [lockedNotice(noteable.targetType)] : []),
    ...(noteable.confidential ? [confidentialNotice(noteable.targetType)] : []),
  ];
  return { kind: 'form', warnings };
}
