import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AbuseReport } from '../../../shared/api/abuseReports';
import { requestPage } from '../../lib/pagination';

export const ABUSE_REPORTS_PER_PAGE = 20;

export type AbuseReportStatus = 'open' | 'closed';

export const abuseReportKeys = {
  all: ['admin', 'abuse_reports'] as const,
  list: (status: AbuseReportStatus, page: number) => [...abuseReportKeys.all, status, page] as const,
};

/** One page of abuse reports with the given status, newest first, with GitLab's paging headers. */
export function useAbuseReports(status: AbuseReportStatus, page: number) {
  return useQuery({
    queryKey: abuseReportKeys.list(status, page),
    queryFn: ({ signal }) =>
      requestPage<AbuseReport>('/admin/abuse_reports.json', {
        query: { status, page, per_page: ABUSE_REPORTS_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
