import type { Discussion, Note } from '../api/notes';

/**
 * Spec 001 section 4: an individual note becomes a discussion when it gets a reply or a
 * discussion-type note; its notes then read as discussion notes.
 */
export function asThread(discussion: Discussion): Discussion {
  if (!discussion.individual_note) return discussion;
  return {
    ...discussion,
    individual_note: false,
    notes: discussion.notes.map((note) => ({ ...note, type: note.type ?? 'DiscussionNote' })),
  };
}

/**
 * A note merged into the list: replaced where it is or appended to its thread. A note of a thread the
 * list does not hold yet gives null: the caller reads the threads again, since a note alone does not
 * carry its thread's fields.
 */
export function upsertNote(discussions: readonly Discussion[], note: Note): Discussion[] | null {
  const index = discussions.findIndex((discussion) => discussion.id === note.discussion_id);
  if (index === -1) return null;
  return discussions.map((discussion, at) => (at === index ? withNote(discussion, note) : discussion));
}

function withNote(discussion: Discussion, note: Note): Discussion {
  const at = discussion.notes.findIndex((existing) => existing.id === note.id);
  if (at !== -1) {
    return { ...discussion, notes: discussion.notes.map((existing, i) => (i === at ? note : existing)) };
  }
  return asThread({ ...discussion, notes: [...discussion.notes, note] });
}

/** A deleted note leaves its thread; a thread with no notes left disappears. */
export function removeNote(discussions: readonly Discussion[], noteId: number): Discussion[] {
  return discussions
    .map((discussion) => ({ ...discussion, notes: discussion.notes.filter((note) => note.id !== noteId) }))
    .filter((discussion) => discussion.notes.length > 0);
}

/**
 * A thread takes its state from its resolvable notes (all resolved: resolved, by whoever resolved
 * the last of them), so the thread follows a note's change seen by polling.
 */
export function withResolvedState(discussion: Discussion): Discussion {
  const resolvable = discussion.notes.filter((note) => note.resolvable);
  const last = resolvable.at(-1);
  if (!last) return discussion;
  const resolved = resolvable.every((note) => note.resolved);
  return {
    ...discussion,
    resolved,
    resolved_by: resolved ? last.resolved_by : null,
    resolved_at: resolved ? last.resolved_at : null,
    resolved_by_push: resolved && resolvable.every((note) => note.resolved_by_push),
  };
}

/** A note created this close to a poll may be missing from its list of ids without being deleted. */
export const POLL_ID_LIST_GRACE_MS = 5_000;

/**
 * The poll names every note the viewer can see now (`note_ids`); a held note missing from it was
 * deleted, unless it is newer than the list (saved while the poll was on its way).
 */
export function withoutDeletedNotes(
  discussions: readonly Discussion[],
  presentIds: ReadonlySet<number>,
  listedAtMs: number,
): Discussion[] {
  const deleted = (note: Note) =>
    !presentIds.has(note.id) && Date.parse(note.created_at) < listedAtMs - POLL_ID_LIST_GRACE_MS;
  return discussions
    .map((discussion) => ({ ...discussion, notes: discussion.notes.filter((note) => !deleted(note)) }))
    .filter((discussion) => discussion.notes.length > 0);
}
