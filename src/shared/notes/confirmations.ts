/** Spec 001 section 5: the confirmations, worded by what kind of comment is at stake. */
export type CommentType = 'comment' | 'internal note' | 'pending comment';

export function commentTypeOf(note: { internal: boolean; isDraft?: boolean }): CommentType {
  if (note.isDraft) return 'pending comment';
  return note.internal ? 'internal note' : 'comment';
}

export function deleteConfirmText(type: CommentType): string {
  return `Are you sure you want to delete this ${type}?`;
}

export const CANCEL_EDIT_CONFIRM = { confirm: 'Cancel editing', cancel: 'Continue editing' } as const;

export function cancelEditConfirmText(type: CommentType): string {
  return `Are you sure you want to cancel editing this ${type}?`;
}

export const CANCEL_REPLY_CONFIRM = { confirm: 'Discard changes', cancel: 'Continue editing' } as const;

/** A reply is a comment or an internal note; it is never pending until saved. */
export function cancelReplyConfirmText(internal: boolean): string {
  return `Are you sure you want to cancel creating this ${internal ? 'internal note' : 'comment'}?`;
}

/** Leaving a form asks only when something would be lost: a changed edit or a non-empty reply. */
export function needsCancelConfirmation(text: string, original: string): boolean {
  return text.trim() !== '' && text !== original;
}
