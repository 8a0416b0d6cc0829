import { useQuery } from '@tanstack/react-query';
import type { TestReport, TestReportSummary } from '../../../shared/api/testReports';
import { request } from '../../api/client';
import { projectApi } from './pipelinePaths';
import { pipelineKeys } from './queries';

const keys = {
  summary: (fullPath: string, id: number) =>
    [...pipelineKeys.detail(fullPath, id), 'test_report_summary'] as const,
  report: (fullPath: string, id: number) => [...pipelineKeys.detail(fullPath, id), 'test_report'] as const,
};

/**
 * The counts of a pipeline's test report (the tab's counter and summary); read again while the
 * pipeline runs, since each job's report arrives as it ends.
 */
export function useTestReportSummary(fullPath: string, id: number, settled: boolean) {
  return useQuery({
    queryKey: keys.summary(fullPath, id),
    queryFn: ({ signal }) =>
      request<TestReportSummary>(`${projectApi(fullPath)}/pipelines/${id}/test_report_summary`, { signal }),
    refetchInterval: settled ? false : 5_000,
  });
}

/** Every suite with its cases, read when someone opens a suite. */
export function useTestReport(fullPath: string, id: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.report(fullPath, id),
    queryFn: ({ signal }) =>
      request<TestReport>(`${projectApi(fullPath)}/pipelines/${id}/test_report`, { signal }),
    enabled,
  });
}
