import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { MergeRequestPage } from '../../../shared/api/mergeRequests';
import type { CachedWidget, Widget } from '../../../shared/api/mergeWidget';
import type { MergePollResponse } from '../../../shared/merge-widget/widgetMachine';
import { ApiError, request, requestWithHeaders } from '../../api/client';
import { pollIntervalFromHeader, widgetPollDelay } from './widgetPolling';

const mergeRequestPath = (fullPath: string, iid: number) => `/${fullPath}/-/merge_requests/${iid}`;

export const widgetKeys = {
  one: (fullPath: string, iid: number) => ['merge-widget', fullPath, iid] as const,
};

/** An answer and the ETag it came with, to ask "changed since?" on the next poll. */
type Tagged<T> = { body: T; etag: string | null };

export type WidgetData = {
  cached: Tagged<CachedWidget>;
  widget: Tagged<Widget>;
  pollIntervalMs: number;
  /** Polls in a row that both answered 304: the back-off counts these. */
  unchangedPolls: number;
};

async function fetchTagged<T>(path: string, previous: Tagged<T> | undefined, signal: AbortSignal) {
  try {
    // The widget sends its own ETags; the browser's cache would answer with its copy instead.
    const { data, headers } = await requestWithHeaders<T>(path, {
      signal,
      cache: 'no-store',
      headers: previous?.etag ? { 'if-none-match': previous.etag } : undefined,
    });
    const tagged: Tagged<T> = { body: data, etag: headers.get('etag') };
    return { tagged, changed: true, pollInterval: headers.get('poll-interval') };
  } catch (error) {
    // 304: unchanged since the ETag we sent; keep what we have.
    if (previous && error instanceof ApiError && error.status === 304)
      return { tagged: previous, changed: false, pollInterval: null };
    throw error;
  }
}

/** Both widget answers (GitLab merges them into one), each asked with its ETag. */
async function fetchWidget(
  fullPath: string,
  iid: number,
  previous: WidgetData | undefined,
  signal: AbortSignal,
): Promise<WidgetData> {
  const base = mergeRequestPath(fullPath, iid);
  const [cached, widget] = await Promise.all([
    fetchTagged<CachedWidget>(`${base}/cached_widget.json`, previous?.cached, signal),
    fetchTagged<Widget>(`${base}/widget.json`, previous?.widget, signal),
  ]);
  const changed = cached.changed || widget.changed;
  return {
    cached: cached.tagged,
    widget: widget.tagged,
    pollIntervalMs:
      cached.pollInterval === null && previous
        ? previous.pollIntervalMs
        : pollIntervalFromHeader(cached.pollInterval),
    unchangedPolls: changed || !previous ? 0 : previous.unchangedPolls + 1,
  };
}

/**
 * Forgets the ETags, so the next read is a full one: for changes the server does not announce as
 * an update of the request (a source branch deleted after the merge), which a 304 would hide.
 */
export function forgetWidgetEtags(queryClient: QueryClient, fullPath: string, iid: number): void {
  queryClient.setQueryData<WidgetData>(
    widgetKeys.one(fullPath, iid),
    (data) =>
      data && { ...data, cached: { ...data.cached, etag: null }, widget: { ...data.widget, etag: null } },
  );
}

const visibility = () => (document.visibilityState === 'hidden' ? 'hidden' : 'visible');

/**
 * The widget's data, polled from the `Poll-Interval` start with the spec's back-off (and not at
 * all while `paused`: the failed-to-merge countdown). `mergeStatePolling` polls by the merge-state
 * rule instead: the ready-to-merge panel, or something this page asked for running on the server.
 */
export function useMergeWidget(
  fullPath: string,
  iid: number,
  polling: { paused: boolean; mergeStatePolling: boolean },
) {
  return useQuery({
    queryKey: widgetKeys.one(fullPath, iid),
    queryFn: ({ signal, client, queryKey }) =>
      fetchWidget(fullPath, iid, client.getQueryData<WidgetData>(queryKey), signal),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data || polling.paused) return false;
      return widgetPollDelay({
        pollIntervalMs: data.pollIntervalMs,
        unchangedPolls: data.unchangedPolls,
        mergeStatePolling: polling.mergeStatePolling,
        visibility: visibility(),
      });
    },
    refetchIntervalInBackground: true,
  });
}

/** The merge poll: the request's basic JSON, for its state, merge error and source branch. */
export async function fetchMergePoll(fullPath: string, iid: number): Promise<MergePollResponse> {
  const page = await request<MergeRequestPage>(`${mergeRequestPath(fullPath, iid)}.json`);
  return {
    state: page.state,
    merge_error: page.merge_error,
    source_branch_exists: page.source_branch_exists,
  };
}
