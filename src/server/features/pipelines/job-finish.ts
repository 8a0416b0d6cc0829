import { extractCoverage } from '../../../shared/ci/coverage';
import { knownFailureReason } from '../../../shared/ci/failureReasons';
import type { JobRetry } from '../../../shared/ci';
import type { Db } from '../../db/client';
import { countAttempts, findBuild, insertBuilds, lockBuild, updateBuild, type BuildRow } from './builds.repo';
import { jobOptionsOf } from './job-options';
import { processPipeline, type ProcessingDeps } from './pipeline-processing';
import { lockPipeline } from './pipelines.repo';
import { readTrace } from './traces.repo';

export type JobOutcome = { state: 'success' | 'failed'; failureReason?: string; exitCode?: number };

/** GitLab's `retry:when` that covers any failure. */
const RETRY_ANY = 'always';

/** Failures another attempt cannot mend: never retried, whatever `retry:` says (GitLab's overrides). */
const NEVER_RETRIED = new Set([
  'ci_quota_exceeded',
  'no_matching_runner',
  'missing_dependency_failure',
  'forward_deployment_failure',
  'environment_creation_failure',
]);

/** Failures retried without any `retry:` (GitLab's defaults): a scheduler's failure is no job's fault. */
const RETRIED_BY_DEFAULT: Record<string, number> = { scheduler_failure: 2 };

/**
 * A running job ends as its runner reports (a canceling one as canceled), with its exit code,
 * failure reason and coverage; a failure `retry:` covers makes a new attempt; then the pipeline is
 * processed. One transaction, the pipeline locked first. Answers the job's status afterwards.
 */
export async function finishBuild(db: Db, deps: ProcessingDeps, buildId: number, outcome: JobOutcome) {
  return db.transaction(async (tx) => {
    const current = await findBuild(tx, buildId);
    if (!current) return 'failed';
    await lockPipeline(tx, current.pipelineId);
    const build = await lockBuild(tx, buildId);
    if (!build || (build.status !== 'running' && build.status !== 'canceling'))
      return build?.status ?? 'failed';
    const now = deps.clock.now();
    const options = jobOptionsOf(build);
    const failed = outcome.state === 'failed';
    const status = build.status === 'canceling' ? 'canceled' : outcome.state;
    const reason = failed ? knownFailureReason(outcome.failureReason) : null;
    const exitCode = outcome.exitCode ?? null;
    const allowedExit =
      failed && exitCode !== null && (options.allowFailureExitCodes ?? []).includes(exitCode);
    const coverage =
      !failed && options.coverage
        ? extractCoverage((await readTrace(tx, build.id)).toString('utf8'), options.coverage)
        : null;
    await updateBuild(tx, build.id, {
      status,
      finishedAt: now,
      updatedAt: now,
      failureReason: status === 'failed' ? reason : null,
      exitCode,
      allowFailure: build.allowFailure || allowedExit,
      coverage: coverage === null ? null : coverage.toFixed(2),
    });
    await deps.bus.publish(
      {
        type: 'job.updated',
        projectId: build.projectId,
        pipelineId: build.pipelineId,
        jobIds: [build.id],
        status,
      },
      tx,
    );
    if (status === 'failed' && !allowedExit && (await retryCovers(tx, build, reason!, exitCode)))
      await retry(tx, build, now);
    await processPipeline(tx, deps, build.pipelineId);
    return status;
  });
}

/**
 * Whether the job's `retry:` asks for another attempt after this failure: `when` (any failure
 * unless only `exit_codes` is given) or `exit_codes` naming it, while attempts are left.
 */
async function retryCovers(
  tx: Db,
  build: BuildRow,
  reason: string,
  exitCode: number | null,
): Promise<boolean> {
  const max = retriesAllowed(jobOptionsOf(build).retry, reason, exitCode);
  if (max <= 0) return false;
  return (await countAttempts(tx, build.pipelineId, build.name)) <= max;
}

/** How many retries a failure with this reason and exit code is allowed. */
function retriesAllowed(retry: JobRetry | undefined, reason: string, exitCode: number | null): number {
  if (NEVER_RETRIED.has(reason)) return 0;
  const when = retry?.when ?? (retry?.exitCodes ? [] : [RETRY_ANY]);
  const byReason = when.includes(RETRY_ANY) || when.includes(reason);
  const byExitCode = exitCode !== null && (retry?.exitCodes ?? []).includes(exitCode);
  if (retry && (byReason || byExitCode)) return retry.max;
  return RETRIED_BY_DEFAULT[reason] ?? 0;
}

/** A new attempt of the job, created (processing makes it pending); the failed one is kept as retried. */
async function retry(tx: Db, build: BuildRow, now: Date): Promise<void> {
  await updateBuild(tx, build.id, { retried: true });
  const {
    id: _id,
    runnerId: _runnerId,
    tokenDigest: _tokenDigest,
    failureReason: _failureReason,
    exitCode: _exitCode,
    coverage: _coverage,
    traceBytes: _traceBytes,
    startedAt: _startedAt,
    finishedAt: _finishedAt,
    queuedAt: _queuedAt,
    retried: _retried,
    ...rest
  } = build;
  await insertBuilds(tx, [{ ...rest, status: 'created', createdAt: now, updatedAt: now }]);
}
