import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Discussion, Note } from '../../../shared/api/notes';
import { withDiscussion, withNote, withoutNote, withoutUnlisted } from './discussionsCache';
import { notesKeys, type DiscussionPages } from './queries';

export type NotesCache = {
  applyNote: (note: Note) => void;
  applyDiscussion: (discussion: Discussion) => void;
  removeNote: (noteId: number) => void;
  /** Drops held notes missing from a poll's list of every visible note id. */
  keepListed: (presentIds: readonly number[], listedAtMs: number) => void;
  /** Reads every cached filter's threads again (a thread the cache lacks, a change it cannot place). */
  refresh: () => Promise<void>;
};

/** Writes changes into every cached filter of one noteable's threads. */
export function useNotesCache(discussionsPath: string): NotesCache {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const key = notesKeys.discussionsOf(discussionsPath);
    // A read already under way is not started again: a poll that misses several threads (or a
    // burst of them) costs one read of the threads, not one cancelled read each.
    const refresh = () => queryClient.invalidateQueries({ queryKey: key }, { cancelRefetch: false });
    const update = (change: (data: DiscussionPages) => DiscussionPages | null) => {
      let missed = false;
      queryClient.setQueriesData<DiscussionPages>({ queryKey: key }, (data) => {
        if (!data) return data;
        const next = change(data);
        // A thread missing while pages are still coming is on one of those pages.
        if (next === null && !data.pages.at(-1)?.next) missed = true;
        return next ?? data;
      });
      if (missed) void refresh();
    };
    return {
      applyNote: (note) => update((data) => withNote(data, note)),
      applyDiscussion: (discussion) => update((data) => withDiscussion(data, discussion)),
      removeNote: (noteId) => update((data) => withoutNote(data, noteId)),
      keepListed: (presentIds, listedAtMs) => {
        const listed = new Set(presentIds);
        update((data) => withoutUnlisted(data, listed, listedAtMs));
      },
      refresh,
    };
  }, [queryClient, discussionsPath]);
}
