import { useQueryClient } from '@tanstack/react-query';
import { createClient } from 'graphql-ws';
import { useEffect } from 'react';
import { issueKeys } from './queries';

/** A note and the change it records (a close and its note) come in one burst: one read. */
const EVENT_DEBOUNCE_MS = 100;

/**
 * Keeps the issue's header and sidebar current for every viewer: each change of an issue (title,
 * state, description, assignees, lock, confidentiality) writes a system note, so the note
 * subscription (`workItemNoteCreated`) is the signal to read the issue again.
 */
export function useLiveIssue(fullPath: string, iid: number, issueId: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: issueKeys.page(fullPath, iid) });
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
        variables: { id: `gid://gitlab/Issue/${issueId}` },
      },
      { next: refresh, error: () => undefined, complete: () => undefined },
    );
    return () => {
      clearTimeout(timer);
      unsubscribe();
      void client.dispose();
    };
  }, [queryClient, fullPath, iid, issueId]);
}
