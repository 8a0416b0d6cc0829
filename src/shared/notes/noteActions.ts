import type { Discussion, Note } from '../api/notes';

/**
 * Spec 001 section 5: resolve (and resolve-with-issue) controls show only if every resolvable note
 * of the thread lets the current user resolve.
 */
export function canShowResolve(discussion: Pick<Discussion, 'resolvable' | 'notes'>): boolean {
  if (!discussion.resolvable) return false;
  return discussion.notes.filter((note) => note.resolvable).every((note) => note.current_user.can_resolve);
}

/**
 * "Create issue to resolve thread": for an unresolved thread whose resolve controls show (the
 * server sends the path only to those who may open issues); null otherwise.
 */
export function resolveWithIssuePath(
  discussion: Pick<Discussion, 'resolvable' | 'resolved' | 'notes' | 'resolve_with_issue_path'>,
): string | null {
  if (discussion.resolved || !canShowResolve(discussion)) return null;
  return discussion.resolve_with_issue_path;
}

/** Spec 001 section 5: Delete sits beside the other actions only if deletable, not reportable and without a note url. */
export function showDeleteDirectly(
  canDelete: boolean,
  canReportAbuse: boolean,
  noteUrl: string | null,
): boolean {
  return canDelete && !canReportAbuse && !noteUrl;
}

/** Spec 001 section 5: "Report abuse" only with a report path and for someone else's note. */
export function canReportAbuse(
  note: Pick<Note, 'report_abuse_path' | 'author'>,
  currentUserId: number | null,
): boolean {
  return Boolean(note.report_abuse_path) && note.author !== null && note.author.id !== currentUserId;
}

/**
 * Spec 001 section 6: Up arrow edits the user's last own note; only the note's author counts, and
 * only notes the user may edit (system notes never).
 */
export function lastOwnNote(
  discussions: readonly Pick<Discussion, 'notes'>[],
  userId: number | null,
): Note | null {
  if (userId === null) return null;
  let last: Note | null = null;
  for (const discussion of discussions) {
    for (const note of discussion.notes) {
      const own = !note.system && note.author?.id === userId && note.current_user.can_edit;
      if (own && (!last || note.created_at >= last.created_at)) last = note;
    }
  }
  return last;
}
