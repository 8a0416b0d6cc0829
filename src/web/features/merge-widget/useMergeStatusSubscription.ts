import { createClient } from 'graphql-ws';
import { useEffect, useRef } from 'react';

/** Several events in a burst (a merge writes the request more than once) cost one refetch. */
const EVENT_DEBOUNCE_MS = 100;

function graphqlSocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/graphql`;
}

/**
 * Live updates: the GraphQL `mergeRequestMergeStatusUpdated` subscription names a change of the
 * request, and `onUpdate` refetches the widget. Polling goes on beside it for a dropped socket.
 */
export function useMergeStatusSubscription(mergeRequestId: number | null, onUpdate: () => void): void {
  const latest = useRef(onUpdate);
  useEffect(() => {
    latest.current = onUpdate;
  });

  useEffect(() => {
    if (mergeRequestId === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), EVENT_DEBOUNCE_MS);
    };
    const client = createClient({ url: graphqlSocketUrl(), lazy: false, retryAttempts: Infinity });
    const unsubscribe = client.subscribe(
      {
        query: `subscription($id: IssuableID!) { mergeRequestMergeStatusUpdated(issuableId: $id) { id detailedMergeStatus commitCount } }`,
        variables: { id: `gid://gitlab/MergeRequest/${mergeRequestId}` },
      },
      // A server without the subscription leaves polling to do the work.
      { next: schedule, error: () => undefined, complete: () => undefined },
    );
    return () => {
      clearTimeout(timer);
      unsubscribe();
      void client.dispose();
    };
  }, [mergeRequestId]);
}
