import type { Db } from '../../db/client';
import { listCommenterIds } from './note-authors.repo';
import { countUnresolvedDiscussions, countUserNotes } from './notes.repo';

/**
 * What other features need to know of a noteable's threads, without the notes service's own
 * dependencies (merge requests ask it while checking mergeability).
 */
export function createDiscussionFacts({ db }: { db: Db }) {
  return {
    unresolvedCount: (noteableType: 'Issue' | 'MergeRequest', noteableId: number) =>
      countUnresolvedDiscussions(db, noteableType, noteableId),
    /** Comments per noteable (GitLab's `user_notes_count`); internal ones only when asked for. */
    userNotesCounts: (noteableType: 'Issue' | 'MergeRequest', ids: number[], includeInternal: boolean) =>
      countUserNotes(db, noteableType, ids, includeInternal),
    /** Who commented on a noteable (authors of notes that are not system notes). */
    commenterIds: (noteableType: 'Issue' | 'MergeRequest', noteableId: number) =>
      listCommenterIds(db, noteableType, noteableId),
  };
}

export type DiscussionFacts = ReturnType<typeof createDiscussionFacts>;
