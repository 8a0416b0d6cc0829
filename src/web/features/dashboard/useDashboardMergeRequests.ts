import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { MergeRequest } from '../../../shared/api/mergeRequests';
import { requestPage, requestTotal } from '../../lib/pagination';

export const DASHBOARD_MR_PER_PAGE = 20;

/** Whose merge requests a dashboard tab lists: assigned to a user, or waiting for their review. */
export type PersonFilter = { role: 'assignee' | 'reviewer'; username: string };

const filterQuery = ({ role, username }: PersonFilter) =>
  role === 'reviewer' ? { reviewer_username: username } : { assignee_username: username };

/** Open merge requests across every project the viewer may read (`GET /merge_requests?scope=all`). */
const listQuery = (filter: PersonFilter) => ({ scope: 'all', state: 'opened', ...filterQuery(filter) });

const dashboardKeys = {
  list: (filter: PersonFilter, page: number) => ['dashboard-merge-requests', filter, page] as const,
  count: (filter: PersonFilter) => ['dashboard-merge-requests', filter, 'count'] as const,
};

export function useDashboardMergeRequests(filter: PersonFilter, page: number) {
  return useQuery({
    queryKey: dashboardKeys.list(filter, page),
    queryFn: ({ signal }) =>
      requestPage<MergeRequest>('/api/v4/merge_requests', {
        query: { ...listQuery(filter), page, per_page: DASHBOARD_MR_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Each tab's count: the list's `X-Total` for a one-item page. */
export function useDashboardCounts(filters: PersonFilter[]) {
  return useQueries({
    queries: filters.map((filter) => ({
      queryKey: dashboardKeys.count(filter),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        requestTotal('/api/v4/merge_requests', { query: listQuery(filter), signal }),
    })),
  });
}
