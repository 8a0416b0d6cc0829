import type { Discussion, Note } from '../../../shared/api/notes';
import {
  removeNote,
  upsertNote,
  withoutDeletedNotes,
  withResolvedState,
} from '../../../shared/notes/discussionUpdates';
import type { DiscussionPages } from './queries';

/**
 * Changes to the cached pages of threads, so that a saved, polled or pushed note shows at once
 * without reading every page again. Each returns null when the change needs a fresh read.
 */
function mapPages(data: DiscussionPages, change: (list: Discussion[]) => Discussion[]): DiscussionPages {
  return { ...data, pages: data.pages.map((page) => ({ ...page, discussions: change(page.discussions) })) };
}

const holds = (list: readonly Discussion[], id: string) => list.some((discussion) => discussion.id === id);

/**
 * A reply to a single note makes it a thread whose resolve state and paths only the server knows,
 * so that case asks for a fresh read as an unknown thread does.
 */
export function withNote(data: DiscussionPages, note: Note): DiscussionPages | null {
  const thread = data.pages.flatMap((page) => page.discussions).find((d) => d.id === note.discussion_id);
  if (!thread) return null;
  if (thread.individual_note && !thread.notes.some((existing) => existing.id === note.id)) return null;
  return mapPages(data, (list) =>
    holds(list, note.discussion_id) ? (upsertNote(list, note) ?? list).map(withResolvedState) : list,
  );
}

/** A whole thread (a new one, or one the server sent back after a change) replaces or joins the list. */
export function withDiscussion(data: DiscussionPages, discussion: Discussion): DiscussionPages {
  if (data.pages.some((page) => holds(page.discussions, discussion.id))) {
    return mapPages(data, (list) =>
      list.map((existing) => (existing.id === discussion.id ? discussion : existing)),
    );
  }
  const last = data.pages.length - 1;
  return {
    ...data,
    pages: data.pages.map((page, index) =>
      index === last ? { ...page, discussions: [...page.discussions, discussion] } : page,
    ),
  };
}

export function withoutNote(data: DiscussionPages, noteId: number): DiscussionPages {
  return mapPages(data, (list) => removeNote(list, noteId));
}

/** Drops the notes a poll no longer lists (see `withoutDeletedNotes`). */
export function withoutUnlisted(
  data: DiscussionPages,
  presentIds: ReadonlySet<number>,
  listedAtMs: number,
): DiscussionPages {
  return mapPages(data, (list) => withoutDeletedNotes(list, presentIds, listedAtMs));
}

export function allDiscussions(data: DiscussionPages | undefined): Discussion[] {
  return data?.pages.flatMap((page) => page.discussions) ?? [];
}
