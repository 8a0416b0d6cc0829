import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { createClient } from 'graphql-ws';
import { useEffect, useRef } from 'react';

/** A note and the change it records (a close and its note) come in one burst: one read. */
const EVENT_DEBOUNCE_MS = 100;

/**
 * Keeps an issue's page current for every viewer: each change of it (title, state, description, a
 * ticked task, assignees, lock) writes a note, so the note subscription (`workItemNoteCreated`) is
 * the signal to read `queryKey` again. (The merge request page follows its request's own
 * subscription instead, useLiveMergeRequest: every change of the request moves its `updated_at`.)
 */
export function useLiveNoteable(noteableGid: string, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const key = useRef(queryKey);
  useEffect(() => {
    key.current = queryKey;
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: key.current });
      }, EVENT_DEBOUNCE_MS);
    };
    const { protocol, host } = window.location;
    const client = createClient({
      url: `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/graphql`,
      retryAttempts: Infinity,
    });
    // A reconnect may have missed changes.
    client.on('connected', refresh);
    const unsubscribe = client.subscribe(
      {
        query: 'subscription($id: NoteableID!) { workItemNoteCreated(noteableId: $id) { id } }',
        variables: { id: noteableGid },
      },
      {
        next: refresh,
        error: () => undefined,
        complete: () => undefined,
      },
    );
    return () => {
      clearTimeout(timer);
      unsubscribe();
      void client.dispose();
    };
  }, [queryClient, noteableGid]);
}
