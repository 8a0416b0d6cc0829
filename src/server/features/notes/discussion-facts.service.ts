import type { Db } from '../../db/client';
import { countUnresolvedDiscussions } from './notes.repo';

/**
 * What other features need to know of a noteable's threads, without the notes service's own
 * dependencies (merge requests ask it while checking mergeability).
 */
export function createDiscussionFacts({ db }: { db: Db }) {
  return {
    unresolvedCount: (noteableType: 'Issue' | 'MergeRequest', noteableId: number) =>
      countUnresolvedDiscussions(db, noteableType, noteableId),
  };
}

export type DiscussionFacts = ReturnType<typeof createDiscussionFacts>;
