import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type {
  FollowUpParams,
  Issue,
  IssuePage,
  IssueState,
  NewIssueForm,
  TimelineEvent,
} from '../../../shared/api/issues';
import type { MetricImage } from '../../../shared/api/metricImages';
import { request } from '../../api/client';
import { requestPage, requestTotal } from '../../lib/pagination';
import { projectApi } from '../../lib/projectApi';

export type ListState = IssueState | 'all';
/** `labels`: every one of them (GitLab's `labels` filter). */
export type ListFilter = { state: ListState; search: string; page: number; labels: string[] };

export const PER_PAGE = 20;

export const issuesApi = (fullPath: string): string => `${projectApi(fullPath)}/issues`;

/** The issue page's own JSON, at GitLab's address. */
export const issuePagePath = (fullPath: string, iid: number): string => `/${fullPath}/-/issues/${iid}`;

export const issueKeys = {
  all: (fullPath: string) => ['issues', fullPath] as const,
  list: (fullPath: string, filter: ListFilter) => [...issueKeys.all(fullPath), 'list', filter] as const,
  count: (fullPath: string, state: ListState, search: string, labels: string[] = []) =>
    [...issueKeys.all(fullPath), 'count', state, search, labels] as const,
  page: (fullPath: string, iid: number) => [...issueKeys.all(fullPath), iid, 'page'] as const,
  timeline: (fullPath: string, iid: number) => [...issueKeys.all(fullPath), iid, 'timeline'] as const,
  metricImages: (fullPath: string, iid: number) =>
    [...issueKeys.all(fullPath), iid, 'metric-images'] as const,
  newForm: (fullPath: string, params: FollowUpParams) => [...issueKeys.all(fullPath), 'new', params] as const,
};

/** One page of a project's issues, with the total for pagination. */
export function useIssues(fullPath: string, filter: ListFilter) {
  return useQuery({
    queryKey: issueKeys.list(fullPath, filter),
    queryFn: ({ signal }) =>
      requestPage<Issue>(issuesApi(fullPath), {
        query: {
          state: filter.state,
          search: filter.search,
          page: filter.page,
          per_page: PER_PAGE,
          labels: filter.labels.length ? filter.labels.join(',') : undefined,
          // Labels as objects, for their colours.
          with_labels_details: true,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** How many issues each tab holds: the list's `X-Total` for a one-item page per state. */
export function useIssueCounts(
  fullPath: string,
  states: readonly ListState[],
  search: string,
  labels: string[] = [],
) {
  return useQueries({
    queries: states.map((state) => ({
      queryKey: issueKeys.count(fullPath, state, search, labels),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        requestTotal(issuesApi(fullPath), {
          query: { state, search, labels: labels.length ? labels.join(',') : undefined },
          signal,
        }),
      placeholderData: keepPreviousData,
    })),
  });
}

/** The issue with rendered HTML and what the viewer may do. */
export function useIssuePage(fullPath: string, iid: number) {
  return useQuery({
    queryKey: issueKeys.page(fullPath, iid),
    queryFn: ({ signal }) => request<IssuePage>(`${issuePagePath(fullPath, iid)}.json`, { signal }),
  });
}

/** The new-issue form's start for an issue that resolves threads of a merge request. */
export function useNewIssueForm(fullPath: string, params: FollowUpParams) {
  return useQuery({
    queryKey: issueKeys.newForm(fullPath, params),
    queryFn: ({ signal }) =>
      request<NewIssueForm>(`/${fullPath}/-/issues/new.json`, { query: { ...params }, signal }),
    enabled: params.merge_request_to_resolve_discussions_of !== undefined,
    retry: false,
    staleTime: Infinity,
  });
}

/** An incident's timeline events, oldest first. */
export function useTimelineEvents(fullPath: string, iid: number, enabled: boolean) {
  return useQuery({
    queryKey: issueKeys.timeline(fullPath, iid),
    queryFn: ({ signal }) =>
      request<TimelineEvent[]>(`${issuePagePath(fullPath, iid)}/timeline_events.json`, { signal }),
    enabled,
  });
}

/** An incident's metric images, oldest first (spec 001 section 7.5). */
export function useMetricImages(fullPath: string, iid: number) {
  return useQuery({
    queryKey: issueKeys.metricImages(fullPath, iid),
    queryFn: ({ signal }) =>
      request<MetricImage[]>(`${issuesApi(fullPath)}/${iid}/metric_images`, { signal }),
  });
}
