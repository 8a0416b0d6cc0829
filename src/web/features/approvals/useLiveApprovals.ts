import { useQueryClient } from '@tanstack/react-query';
import { createClient } from 'graphql-ws';
import { useEffect, useRef } from 'react';
import { approvalKeys } from './queries';

/** An approval and the reset of others (a push) come in one burst: one read. */
const EVENT_DEBOUNCE_MS = 100;

/**
 * Keeps the approvals current for every viewer (002 §4): each `mergeRequestApprovalStateUpdated`
 * event, and each reconnect (which may have missed some), reads them again; `onEvent` refreshes
 * what else an approval moves (the merge checks).
 */
export function useLiveApprovals(
  mergeRequestGid: string | null,
  fullPath: string,
  iid: number,
  onEvent: () => void,
): void {
  const queryClient = useQueryClient();
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  });
  useEffect(() => {
    if (mergeRequestGid === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: approvalKeys.one(fullPath, iid) });
        onEventRef.current();
      }, EVENT_DEBOUNCE_MS);
    };
    const { protocol, host } = window.location;
    const client = createClient({
      url: `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/graphql`,
      retryAttempts: Infinity,
    });
    client.on('connected', (_socket, _payload, wasRetry) => {
      if (wasRetry) refresh();
    });
    const unsubscribe = client.subscribe(
      {
        query:
          'subscription mergeRequestApprovalStateUpdated($issuableId: IssuableID!) { mergeRequestApprovalStateUpdated(issuableId: $issuableId) { id } }',
        variables: { issuableId: mergeRequestGid },
      },
      { next: refresh, error: () => undefined, complete: () => undefined },
    );
    return () => {
      clearTimeout(timer);
      unsubscribe();
      void client.dispose();
    };
  }, [queryClient, mergeRequestGid, fullPath, iid]);
}
