import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { ParsedTestCase } from '../../../shared/ci/reports/junit';
import type { Db } from '../../db/client';
import { ciBuilds, ciTestCases, ciTestSuites } from '../../db/schema';

export type TestSuiteRow = typeof ciTestSuites.$inferSelect;
export type TestCaseRow = typeof ciTestCases.$inferSelect;

/** Rows per insert: well under PostgreSQL's 65,535 parameters at 10 columns a row. */
const CHUNK = 2_000;

/** A job's report replaces the one an earlier upload of it left (the caller's transaction). */
export async function replaceTestReport(
  db: Db,
  suite: { buildId: number; pipelineId: number; name: string },
  cases: ParsedTestCase[],
): Promise<void> {
  await db.delete(ciTestSuites).where(eq(ciTestSuites.buildId, suite.buildId));
  const count = (status: ParsedTestCase['status']) => cases.filter((c) => c.status === status).length;
  const [row] = await db
    .insert(ciTestSuites)
    .values({
      ...suite,
      totalTime: cases.reduce((sum, c) => sum + c.executionTime, 0),
      totalCount: cases.length,
      successCount: count('success'),
      failedCount: count('failed'),
      skippedCount: count('skipped'),
      errorCount: count('error'),
    })
    .returning({ id: ciTestSuites.id });
  for (let start = 0; start < cases.length; start += CHUNK) {
    await db.insert(ciTestCases).values(
      cases.slice(start, start + CHUNK).map((c, index) => ({
        suiteId: row!.id,
        position: start + index,
        status: c.status,
        name: c.name,
        classname: c.classname,
        file: c.file,
        executionTime: c.executionTime,
        systemOutput: c.systemOutput,
        stackTrace: c.stackTrace,
        attachment: c.attachment,
      })),
    );
  }
}

/** The reports of a pipeline's current jobs (a retried or erased job's report no longer counts). */
export async function listPipelineTestSuites(db: Db, pipelineId: number): Promise<TestSuiteRow[]> {
  return db
    .select({ suite: ciTestSuites })
    .from(ciTestSuites)
    .innerJoin(ciBuilds, eq(ciBuilds.id, ciTestSuites.buildId))
    .where(
      and(eq(ciTestSuites.pipelineId, pipelineId), eq(ciBuilds.retried, false), isNull(ciBuilds.erasedAt)),
    )
    .orderBy(asc(ciTestSuites.buildId))
    .then((rows) => rows.map((r) => r.suite));
}

export async function listTestCases(db: Db, suiteIds: number[]): Promise<TestCaseRow[]> {
  if (suiteIds.length === 0) return [];
  return db
    .select()
    .from(ciTestCases)
    .where(inArray(ciTestCases.suiteId, suiteIds))
    .orderBy(asc(ciTestCases.suiteId), asc(ciTestCases.position));
}

/** A job's report goes with its erasure. */
export async function deleteTestReportOf(db: Db, buildId: number): Promise<void> {
  await db.delete(ciTestSuites).where(eq(ciTestSuites.buildId, buildId));
}
