import { createClient } from 'graphql-ws';
import { useEffect, useRef } from 'react';
import type { NotesData } from '../../../shared/api/notes';
import { fetchChangedNotes } from './queries';
import type { NotesCache } from './useNotesCache';

/** Without a pushed event, notes are still read every so often (a dropped socket, a proxy without WebSocket). */
const POLL_INTERVAL_MS = 15_000;
/** Several events in a burst (a reply and its thread's resolve) cost one read. */
const EVENT_DEBOUNCE_MS = 100;

const EVENTS = ['workItemNoteCreated', 'workItemNoteUpdated', 'workItemNoteDeleted'] as const;

function graphqlSocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/graphql`;
}

/**
 * Spec 001 section 7.1: the notes changed since the last read (`X-Last-Fetched-At`) are read on
 * connect, on a debounced realtime event (the GraphQL note subscriptions), and on a slow timer.
 */
export function useLiveNotes(notesData: NotesData, cache: NotesCache): void {
  const lastFetchedAt = useRef(notesData.lastFetchedAt);
  const { notesPath, noteableType, noteableId } = notesData;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const answer = await fetchChangedNotes(notesPath, lastFetchedAt.current);
        if (stopped) return;
        lastFetchedAt.current = answer.last_fetched_at;
        for (const note of answer.notes) cache.applyNote(note);
        if (answer.note_ids) cache.keepListed(answer.note_ids, answer.last_fetched_at / 1000);
      } catch {
        // Spec 001 section 8: updated-notes polling fails silently; the next event or tick tries again.
      }
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void poll(), EVENT_DEBOUNCE_MS);
    };
    const interval = setInterval(() => void poll(), POLL_INTERVAL_MS);

    const client = createClient({ url: graphqlSocketUrl(), lazy: false, retryAttempts: Infinity });
    client.on('connected', schedule);
    const variables = { noteableId: `gid://gitlab/${noteableType}/${noteableId}` };
    const unsubscribes = EVENTS.map((event) =>
      client.subscribe<Record<string, { id: string } | null>>(
        {
          query: `subscription($noteableId: NoteableID!) { ${event}(noteableId: $noteableId) { id } }`,
          variables,
        },
        {
          next: ({ data }) => {
            const deletedId = event === 'workItemNoteDeleted' ? data?.[event]?.id : undefined;
            if (deletedId) cache.removeNote(Number(deletedId.split('/').pop()));
            schedule();
          },
          // A server without these subscriptions leaves the timer to do the work.
          error: () => undefined,
          complete: () => undefined,
        },
      ),
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearInterval(interval);
      unsubscribes.forEach((unsubscribe) => unsubscribe());
      void client.dispose();
    };
  }, [notesPath, noteableType, noteableId, cache]);
}
