import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AbuseReport } from '../../../shared/api/abuseReports';
import { requestWithHeaders } from '../../api/client';

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
    queryFn: async ({ signal }) => {
      const { data, headers } = await requestWithHeaders<AbuseReport[]>('/admin/abuse_reports.json', {
        query: { status, page, per_page: ABUSE_REPORTS_PER_PAGE },
        signal,
      });
      return {
        reports: data,
        total: Number(headers.get('x-total') ?? data.length),
        totalPages: Number(headers.get('x-total-pages') ?? 1),
      };
    },
    placeholderData: keepPreviousData,
  });
}
