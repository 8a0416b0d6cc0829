import type { Note, NotesData } from '../api/notes';

export const ASSIGN_AUTHOR_TEXT = 'Assign to commenting user';
export const UNASSIGN_AUTHOR_TEXT = 'Unassign from commenting user';

type Noteable = Pick<NotesData['noteableData'], 'noteableType' | 'assignees' | 'current_user'>;

/**
 * Spec 001 section 5: assigning a note's author needs `can_set_issue_metadata` and an issue
 * noteable; a merge request's menu never offers it (its assignees are set from the sidebar). A
 * user's note only, never a system note or a deleted user's.
 */
export function canAssignNoteAuthor(noteable: Noteable, note: Pick<Note, 'system' | 'author'>): boolean {
  if (note.system || !note.author) return false;
  return noteable.noteableType === 'Issue' && noteable.current_user.can_set_issue_metadata;
}

/** The assignees after the toggle: the author joins, or leaves when already assigned. */
export function toggledAssignees(noteable: Pick<Noteable, 'assignees'>, authorId: number): number[] {
  const ids = noteable.assignees.map((user) => user.id);
  return ids.includes(authorId) ? ids.filter((id) => id !== authorId) : [...ids, authorId];
}
