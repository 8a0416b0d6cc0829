import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { MergeRequestPage } from '../../../shared/api/mergeRequests';
import type { CachedWidget, Widget } from '../../../shared/api/mergeWidget';
import type { MergePollResponse } from '../../../shared/merge-widget/widgetMachine';
import { request } from '../../api/client';
import { fetchTagged, pageVisibility, type Tagged } from '../../api/etags';
import { pollIntervalFromHeader, widgetPollDelay } from './widgetPolling';

const mergeRequestPath = (fullPath: string, iid: number) => `/${fullPath}/-/merge_requests/${iid}`;

export const widgetKeys = {
  one: (fullPath: string, iid: number) => ['merge-widget', fullPath, iid] as const,
};

export type WidgetData = {
  cached: Tagged<CachedWidget>;
  widget: Tagged<Widget>;
  pollIntervalMs: number;
  /** Polls in a row that both answered 304: the back-off counts these. */
  unchangedPolls: number;
};

/** Both widget answers (GitLab merges them into one), each asked with its ETag. */
async function fetchWidget(
  fullPath: string,
  iid: number,
  previous: WidgetData | undefined,
  signal: AbortSignal,
): Promise<WidgetData> {
  const base = mergeRequestPath(fullPath, iid);
  const [cached, widget] = await Promise.all([
    fetchTagged<CachedWidget>(`${base}/cached_widget.json`, previous?.cached, { signal }),
    fetchTagged<Widget>(`${base}/widget.json`, previous?.widget, { signal }),
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
        visibility: pageVisibility(),
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
