import { z } from 'zod';

const counts = {
  total_time: z.number(),
  total_count: z.number().int(),
  success_count: z.number().int(),
  failed_count: z.number().int(),
  skipped_count: z.number().int(),
  error_count: z.number().int(),
};

/** GitLab's TestCaseEntity. */
export const testCaseSchema = z.object({
  status: z.enum(['success', 'failed', 'error', 'skipped']),
  name: z.string(),
  classname: z.string(),
  file: z.string().nullable(),
  execution_time: z.number(),
  system_output: z.string().nullable(),
  stack_trace: z.string().nullable(),
  attachment_url: z.string().optional(),
});
export type TestCase = z.infer<typeof testCaseSchema>;

/** `GET /projects/:id/pipelines/:pipeline_id/test_report` (GitLab's TestReportEntity). */
export const testReportSchema = z.object({
  ...counts,
  test_suites: z.array(
    z.object({
      name: z.string(),
      ...counts,
      suite_error: z.string().nullable(),
      test_cases: z.array(testCaseSchema),
    }),
  ),
});
export type TestReport = z.infer<typeof testReportSchema>;
export type TestSuite = TestReport['test_suites'][number];

/** `GET /projects/:id/pipelines/:pipeline_id/test_report_summary` (GitLab's TestReportSummaryEntity). */
export const testReportSummarySchema = z.object({
  total: z.object({
    time: z.number(),
    count: z.number().int(),
    success: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
    error: z.number().int(),
    suite_error: z.string().nullable(),
  }),
  test_suites: z.array(
    z.object({
      name: z.string(),
      ...counts,
      build_ids: z.array(z.number().int()),
      suite_error: z.string().nullable(),
    }),
  ),
});
export type TestReportSummary = z.infer<typeof testReportSummarySchema>;
