import { useQueryClient } from '@tanstack/react-query';
import { createClient } from 'graphql-ws';
import { useEffect } from 'react';
import type { MergeRequestPage } from '../../../shared/api/mergeRequests';
import { widgetKeys } from '../merge-widget/queries';
import type { CommitsPage } from './queries';
import { mergeRequestKeys } from '../../lib/mergeRequests';

/** Several events in a burst (a merge writes the request more than once) cost one read. */
const EVENT_DEBOUNCE_MS = 100;

type StatusUpdate = {
  mergeRequestMergeStatusUpdated: {
    updatedAt: string;
    diffHeadSha: string | null;
    commitCount: number;
  } | null;
};
type Update = NonNullable<StatusUpdate['mergeRequestMergeStatusUpdated']>;
/** What an event makes stale besides the widget, which every event refetches. */
type Reads = { page: boolean; commits: boolean };

function graphqlSocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/graphql`;
}

/** A write of the request moves `updated_at`; a mergeability recheck or a blocker's merge does not. */
const rowChanged = (page: MergeRequestPage | undefined, update: Update) =>
  page !== undefined && Date.parse(page.updated_at) !== Date.parse(update.updatedAt);

/**
 * The commits shown (the Commits tab's counter and list) were read for another version: their
 * count differs, or their newest commit is not the request's head (a force push of as many).
 */
const commitsChanged = (commits: CommitsPage | undefined, update: Update) =>
  commits !== undefined &&
  (commits.total !== update.commitCount ||
    (commits.items[0] !== undefined && commits.items[0].id !== update.diffHeadSha));

/**
 * Keeps the merge request page current for every viewer, over one socket: the GraphQL
 * `mergeRequestMergeStatusUpdated` subscription hears every announced change of the request. Each
 * event refetches the widget (ETag'd, so an unchanged one is a 304 without a database read), the
 * page's JSON (header, description, assignees) only when the request itself was written, which
 * the event's `updatedAt` tells, and the commits only when the event's head or commit count is not
 * theirs. Polling of the widget goes on beside it for a dropped socket.
 */
export function useLiveMergeRequest(fullPath: string, iid: number, mergeRequestId: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const pageKey = mergeRequestKeys.page(fullPath, iid);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stale: Reads = { page: false, commits: false };
    const schedule = (reads: Reads) => {
      stale.page ||= reads.page;
      stale.commits ||= reads.commits;
      clearTimeout(timer);
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: widgetKeys.one(fullPath, iid) });
        if (stale.page) void queryClient.invalidateQueries({ queryKey: pageKey });
        if (stale.commits)
          void queryClient.invalidateQueries({ queryKey: mergeRequestKeys.commitPages(fullPath, iid) });
        stale.page = stale.commits = false;
      }, EVENT_DEBOUNCE_MS);
    };
    const client = createClient({ url: graphqlSocketUrl(), lazy: false, retryAttempts: Infinity });
    // The first connection follows the page's own read closely: the widget's cheap ETag'd read
    // covers the moment between. A reconnect may have missed anything, so all is read again.
    client.on('connected', (_socket, _payload, wasRetry) => schedule({ page: wasRetry, commits: wasRetry }));
    const unsubscribe = client.subscribe<StatusUpdate>(
      {
        query: `subscription($id: IssuableID!) { mergeRequestMergeStatusUpdated(issuableId: $id) { id updatedAt diffHeadSha commitCount } }`,
        variables: { id: `gid://gitlab/MergeRequest/${mergeRequestId}` },
      },
      {
        next: ({ data }) => {
          const update = data?.mergeRequestMergeStatusUpdated;
          schedule({
            page: update != null && rowChanged(queryClient.getQueryData<MergeRequestPage>(pageKey), update),
            commits:
              update != null &&
              commitsChanged(
                queryClient.getQueryData<CommitsPage>(mergeRequestKeys.commits(fullPath, iid, 1)),
                update,
              ),
          });
        },
        // A server without the subscription leaves polling to do the work.
        error: () => undefined,
        complete: () => undefined,
      },
    );
    return () => {
      clearTimeout(timer);
      unsubscribe();
      void client.dispose();
    };
  }, [queryClient, fullPath, iid, mergeRequestId]);
}
