import { readFile } from 'node:fs/promises';
import {
  JUNIT_ERROR_PREFIX,
  MAX_JUNIT_XML_CHARS,
  parseJunit,
  type ParsedTestCase,
} from '../../../shared/ci/reports/junit';
import type { Actor } from '../../auth/permissions';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { GzipMembersError, gzipMembers } from './gzip-members';
import type { PipelinesService } from './pipelines.service';
import {
  listPipelineTestSuites,
  listTestCases,
  type TestCaseRow,
  type TestSuiteRow,
} from './test-reports.repo';

/** A JUnit upload inflates to this much at most (every file of it together). */
export const MAX_JUNIT_UNCOMPRESSED_BYTES = MAX_JUNIT_XML_CHARS;

/** GitLab Runner's JUnit upload, read: its cases, or why it cannot be read. */
export type JunitUpload = { ok: true; cases: ParsedTestCase[] } | { ok: false; error: string };

/**
 * Reads an uploaded JUnit artifact: one XML document per gzip member (`artifact_format=gzip`,
 * as GitLab Runner sends it) or the XML itself (`raw`). Every document must read, else nothing of
 * the upload counts.
 */
export async function readJunitUpload(file: string, format: string): Promise<JunitUpload> {
  const content = await readFile(file);
  let documents: Buffer[];
  if (format === 'gzip') {
    try {
      documents = gzipMembers(content, MAX_JUNIT_UNCOMPRESSED_BYTES);
    } catch (error) {
      if (error instanceof GzipMembersError) return { ok: false, error: JUNIT_ERROR_PREFIX + error.message };
      throw error;
    }
  } else if (format === 'raw') documents = [content];
  else return { ok: false, error: `${JUNIT_ERROR_PREFIX}artifact_format must be gzip or raw` };
  const cases: ParsedTestCase[] = [];
  for (const document of documents) {
    const parsed = parseJunit(document.toString('utf8'));
    if (!parsed.ok) return parsed;
    cases.push(...parsed.cases);
  }
  return { ok: true, cases };
}

/** GitLab orders a suite's cases failed, error, success, skipped (each in report order). */
const STATUS_ORDER: Record<string, number> = { failed: 0, error: 1, success: 2, skipped: 3 };

const round = (seconds: number) => Math.round(seconds * 1e6) / 1e6;

type Counts = Pick<
  TestSuiteRow,
  'totalTime' | 'totalCount' | 'successCount' | 'failedCount' | 'skippedCount' | 'errorCount'
>;

/** One suite of a pipeline's report: the jobs of one name (parallel copies too) together. */
type Suite = Counts & { name: string; buildIds: number[]; suiteIds: number[] };

function add(into: Counts, from: Counts): void {
  into.totalTime += from.totalTime;
  into.totalCount += from.totalCount;
  into.successCount += from.successCount;
  into.failedCount += from.failedCount;
  into.skippedCount += from.skippedCount;
  into.errorCount += from.errorCount;
}

const zero = (): Counts => ({
  totalTime: 0,
  totalCount: 0,
  successCount: 0,
  failedCount: 0,
  skippedCount: 0,
  errorCount: 0,
});

function suitesOf(rows: TestSuiteRow[]): Suite[] {
  const byName = new Map<string, Suite>();
  for (const row of rows) {
    let suite = byName.get(row.name);
    if (!suite) {
      suite = { name: row.name, buildIds: [], suiteIds: [], ...zero() };
      byName.set(row.name, suite);
    }
    add(suite, row);
    suite.buildIds.push(row.buildId);
    suite.suiteIds.push(row.id);
  }
  return [...byName.values()];
}

const presentCounts = (counts: Counts) => ({
  total_time: round(counts.totalTime),
  total_count: counts.totalCount,
  success_count: counts.successCount,
  failed_count: counts.failedCount,
  skipped_count: counts.skippedCount,
  error_count: counts.errorCount,
});

type Deps = { db: Db; config: Pick<Config, 'externalUrl'>; pipelines: Pick<PipelinesService, 'get'> };

/**
 * A pipeline's test report (`GET .../test_report`, `.../test_report_summary`), read by those who
 * may read the pipeline, from the reports its current jobs uploaded.
 */
export function createTestReports({ db, config, pipelines }: Deps) {
  async function suitesOfPipeline(actor: Actor, projectRef: string, pipelineId: number) {
    const { ctx, pipeline } = await pipelines.get(actor, projectRef, pipelineId);
    return { ctx, suites: suitesOf(await listPipelineTestSuites(db, pipeline.pipeline.id)) };
  }

  async function summary(actor: Actor, projectRef: string, pipelineId: number) {
    const { suites } = await suitesOfPipeline(actor, projectRef, pipelineId);
    const total = zero();
    for (const suite of suites) add(total, suite);
    return {
      total: {
        time: round(total.totalTime),
        count: total.totalCount,
        success: total.successCount,
        failed: total.failedCount,
        skipped: total.skippedCount,
        error: total.errorCount,
        suite_error: null,
      },
      test_suites: suites.map((suite) => ({
        name: suite.name,
        ...presentCounts(suite),
        build_ids: suite.buildIds,
        suite_error: null,
      })),
    };
  }

  async function report(actor: Actor, projectRef: string, pipelineId: number) {
    const { ctx, suites } = await suitesOfPipeline(actor, projectRef, pipelineId);
    const cases = await listTestCases(
      db,
      suites.flatMap((suite) => suite.suiteIds),
    );
    const buildOf = new Map(
      suites.flatMap((suite) => suite.suiteIds.map((id, i) => [id, suite.buildIds[i]!])),
    );
    const jobsUrl = `${config.externalUrl.replace(/\/$/, '')}/${ctx.fullPath}/-/jobs`;
    const presentCase = (c: TestCaseRow) => ({
      status: c.status,
      name: c.name,
      classname: c.classname,
      file: c.file,
      execution_time: c.executionTime,
      system_output: c.systemOutput,
      stack_trace: c.stackTrace,
      ...(c.attachment
        ? { attachment_url: `${jobsUrl}/${buildOf.get(c.suiteId)}/artifacts/file/${c.attachment}` }
        : {}),
    });
    const total = zero();
    for (const suite of suites) add(total, suite);
    return {
      ...presentCounts(total),
      test_suites: suites.map((suite) => {
        const own = cases
          .filter((c) => suite.suiteIds.includes(c.suiteId))
          .sort((a, b) => STATUS_ORDER[a.status]! - STATUS_ORDER[b.status]!);
        return {
          name: suite.name,
          ...presentCounts(suite),
          suite_error: null,
          test_cases: own.map(presentCase),
        };
      }),
    };
  }

  return { summary, report };
}

export type TestReports = ReturnType<typeof createTestReports>;
