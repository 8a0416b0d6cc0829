import type { Db } from '../../db/client';
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
  };
}

export type DiscussionFacts = ReturnType<typeof createDiscussionFacts>;
