import { MAX_TRACE_PAGE_BYTES, type JobTrace } from '../../../shared/api/jobTrace';
import { TOKEN_MASK_PREFIXES } from '../../../shared/ci/failureReasons';
import { maskAll, maskedValues, maskTokens } from '../../../shared/ci/trace/masking';
import type { CiVariable } from '../../../shared/ci';
import type { CurrentUser } from '../../auth/current-user';
import { can, type Actor } from '../../auth/permissions';
import { digestToken } from '../../auth/tokens';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../errors';
import { readCommits, type Commit } from '../../git/commits';
import type { EventBus } from '../../realtime/bus';
import { projectSubject, type ProjectContext, type ProjectsService } from '../projects/projects.service';
import type { ProtectedBranchesService } from '../protected-branches/protected-branches.service';
import type { RunnerManagementService } from '../runners/runners.manage.service';
import type { Runner, RunnersService } from '../runners/runners.service';
import {
  failStuckBuilds,
  findBuildRecord,
  findBuildRecordsByIds,
  findProcessingBuildByTokenDigest,
  listBuildRecords,
  lockBuild,
  type BuildRecord,
} from './builds.repo';
import { cancelLockedBuild } from './job-cancel';
import { listArtifactsOf, type ArtifactRow } from './artifacts.repo';
import { processPipeline } from './pipeline-processing';
import { findPipelineRecord, findPipelinesByIds, lockPipeline, type PipelineRow } from './pipelines.repo';
import { readTrace, readTraceFrom } from './traces.repo';
import { refSubject } from './ref-subject';

/** GitLab's: a running job its runner has not reported on for an hour is stuck. */
export const RUNNING_STUCK_AFTER_MS = 60 * 60 * 1000;
/** GitLab's: a pending job no runner took in a day is stuck. */
export const PENDING_STUCK_AFTER_MS = 24 * 60 * 60 * 1000;

/** A job with what its entity shows: its pipeline, commit and runner. */
export type JobView = BuildRecord & {
  pipeline: PipelineRow;
  commit: Commit | null;
  runner: Runner | null;
  artifacts: ArtifactRow[];
};

/** A job whose log may still grow: its runner is sending it. */
const LOG_GROWING = ['running', 'canceling'];

type Deps = {
  db: Db;
  bus: EventBus;
  clock: Clock;
  projects: Pick<ProjectsService, 'loadProject'>;
  protectedBranches: Pick<ProtectedBranchesService, 'protectionOf'>;
  runners: Pick<RunnersService, 'byIds'>;
  runnerManagement: Pick<RunnerManagementService, 'manageable'>;
};

/** Jobs of a project as people and the API see them: lists, one job, its log, cancel; stuck jobs failed. */
export function createJobsService({
  db,
  bus,
  clock,
  projects,
  protectedBranches,
  runners,
  runnerManagement,
}: Deps) {
  async function readable(actor: Actor, projectRef: string): Promise<ProjectContext> {
    const ctx = await projects.loadProject(actor, projectRef);
    if (!can(actor, 'read_pipeline', projectSubject(ctx))) throw new NotFoundError('Project');
    return ctx;
  }

  /** Each job's pipeline, commit and runner, read once for a page. */
  async function views(ctx: ProjectContext, records: BuildRecord[]): Promise<JobView[]> {
    const pipelineIds = [...new Set(records.map((record) => record.build.pipelineId))];
    const runnerIds = [
      ...new Set(records.flatMap((record) => (record.build.runnerId ? [record.build.runnerId] : []))),
    ];
    const [pipelines, runnerRows, artifacts] = await Promise.all([
      findPipelinesByIds(db, pipelineIds),
      runners.byIds(runnerIds),
      listArtifactsOf(
        db,
        records.map((record) => record.build.id),
      ),
    ]);
    const pipelineById = new Map(pipelines.map((pipeline) => [pipeline.id, pipeline]));
    const commits = await readCommits(ctx.gitDir, [...new Set(pipelines.map((pipeline) => pipeline.sha))]);
    const runnerById = new Map(runnerRows.map((runner) => [runner.id, runner]));
    return records.map((record) => {
      const pipeline = pipelineById.get(record.build.pipelineId)!;
      return {
        ...record,
        pipeline,
        commit: commits.get(pipeline.sha) ?? null,
        runner: record.build.runnerId ? (runnerById.get(record.build.runnerId) ?? null) : null,
        artifacts: artifacts.filter((artifact) => artifact.buildId === record.build.id),
      };
    });
  }

  async function listForPipeline(
    actor: Actor,
    projectRef: string,
    pipelineId: number,
    filters: { scope?: string[]; includeRetried: boolean; kind?: 'build' | 'bridge' },
    page: { offset: number; limit: number },
  ) {
    const ctx = await readable(actor, projectRef);
    if (!(await findPipelineRecord(db, ctx.project.id, pipelineId))) throw new NotFoundError();
    const { records, total } = await listBuildRecords(
      db,
      {
        projectId: ctx.project.id,
        pipelineId,
        statuses: filters.scope,
        includeRetried: filters.includeRetried,
        kind: filters.kind ?? 'build',
      },
      page,
    );
    return { ctx, jobs: await views(ctx, records), total };
  }

  async function listForProject(
    actor: Actor,
    projectRef: string,
    filters: { scope?: string[] },
    page: { offset: number; limit: number },
  ) {
    const ctx = await readable(actor, projectRef);
    const { records, total } = await listBuildRecords(
      db,
      { projectId: ctx.project.id, statuses: filters.scope, includeRetried: true, kind: 'build' },
      page,
    );
    return { ctx, jobs: await views(ctx, records), total };
  }

  /**
   * `GET /runners/:id/jobs`: the jobs a runner took, newest first, for those who manage it; each with
   * its project. A job of a project the viewer cannot read is left out of the page.
   */
  async function listForRunner(
    actor: CurrentUser,
    runnerId: number,
    statuses: string[] | undefined,
    page: { offset: number; limit: number },
  ) {
    await runnerManagement.manageable(actor, runnerId);
    const { records, total } = await listBuildRecords(db, { runnerId, statuses, includeRetried: true }, page);
    const jobs: Array<{ ctx: ProjectContext; job: JobView }> = [];
    for (const projectId of [...new Set(records.map((record) => record.build.projectId))]) {
      // Jobs of projects the actor cannot see are left out, not refused.
      const ctx = await projects.loadProject(actor, projectId).catch(() => null);
      if (!ctx) continue;
      const own = records.filter((record) => record.build.projectId === projectId);
      for (const job of await views(ctx, own)) jobs.push({ ctx, job });
    }
    jobs.sort((a, b) => b.job.build.id - a.job.build.id);
    return { jobs, total };
  }

  async function record(ctx: ProjectContext, jobId: number): Promise<BuildRecord> {
    const found = await findBuildRecord(db, ctx.project.id, jobId);
    if (!found) throw new NotFoundError();
    return found;
  }

  async function get(actor: Actor, projectRef: string, jobId: number) {
    const ctx = await readable(actor, projectRef);
    const [job] = await views(ctx, [await record(ctx, jobId)]);
    return { ctx, job: job! };
  }

  /**
   * The job's log as stored, masked again (a runner may not have): its masked variables' values,
   * and anything shaped like a GitLab token (the job's own token included, whose value is not kept).
   */
  async function trace(actor: Actor, projectRef: string, jobId: number): Promise<Buffer> {
    const ctx = await readable(actor, projectRef);
    const { build } = await record(ctx, jobId);
    const log = await readTrace(db, build.id);
    const masked = maskAll(log, maskedValues(build.variables as CiVariable[]));
    return Buffer.from(maskTokens(masked, TOKEN_MASK_PREFIXES));
  }

  /**
   * The log from byte `state` on (`trace.json?state=`), masked as {@link trace} masks it. While
   * the job runs only whole lines are read: a masked value or a token is one line, so no piece
   * ends inside one, and no UTF-8 character is cut. A first read of a long log starts at a line
   * near its end; a `state` past the stored end (the runner rewrote the log) reads it anew.
   */
  async function traceFrom(actor: Actor, projectRef: string, jobId: number, state?: number) {
    const ctx = await readable(actor, projectRef);
    const { build } = await record(ctx, jobId);
    const size = build.traceBytes;
    const complete = !LOG_GROWING.includes(build.status);
    const resumed = state !== undefined && state <= size;
    let offset = resumed ? state : 0;
    const truncated = !resumed && size > MAX_TRACE_PAGE_BYTES;
    if (truncated) offset = size - MAX_TRACE_PAGE_BYTES;
    let data = await readTraceFrom(db, build.id, offset);
    if (truncated) {
      const lineStart = data.indexOf(0x0a) + 1;
      data = data.subarray(lineStart);
      offset += lineStart;
    }
    if (!complete) data = data.subarray(0, data.lastIndexOf(0x0a) + 1);
    const masked = maskTokens(
      maskAll(data, maskedValues(build.variables as CiVariable[])),
      TOKEN_MASK_PREFIXES,
    );
    return {
      id: build.id,
      status: build.status,
      complete,
      state: String(offset + data.length),
      append: resumed,
      offset,
      size,
      truncated,
      content: Buffer.from(masked).toString('utf8'),
    } satisfies JobTrace;
  }

  /**
   * `POST /projects/:id/jobs/:job_id/cancel`: a job not yet running is canceled at once; a running
   * one is `canceling` when its runner can cancel gracefully (it learns so from its next update's
   * answer and reports back), else canceled, and its runner is refused its next update.
   */
  async function cancel(actor: CurrentUser, projectRef: string, jobId: number) {
    const ctx = await readable(actor, projectRef);
    const { build } = await record(ctx, jobId);
    if (!can(actor, 'update_build', (await refSubject(protectedBranches, ctx, build.ref, build.tag)).subject))
      throw new ForbiddenError();
    const runner = build.runnerId ? ((await runners.byIds([build.runnerId]))[0] ?? null) : null;
    const graceful =
      (runner?.features as { cancel_gracefully?: unknown } | undefined)?.cancel_gracefully === true;
    await db.transaction(async (tx) => {
      await lockPipeline(tx, build.pipelineId);
      const locked = await lockBuild(tx, build.id);
      if (locked && (await cancelLockedBuild(tx, { bus, clock }, locked, graceful)))
        await processPipeline(tx, { bus, clock }, locked.pipelineId);
    });
    return get(actor, projectRef, jobId);
  }

  /**
   * Fails running jobs no runner reported on for an hour and pending jobs no runner took in a day
   * (`stuck_or_timeout_failure`), then moves their pipelines on. Safe in several processes at once.
   */
  async function failStuckJobs(): Promise<number> {
    const now = clock.now();
    const failed = await failStuckBuilds(db, {
      updatedBefore: new Date(now.getTime() - RUNNING_STUCK_AFTER_MS),
      queuedBefore: new Date(now.getTime() - PENDING_STUCK_AFTER_MS),
      now,
    });
    for (const pipelineId of new Set(failed.map((build) => build.pipelineId))) {
      const jobs = failed.filter((build) => build.pipelineId === pipelineId);
      await db.transaction(async (tx) => {
        await bus.publish(
          {
            type: 'job.updated',
            projectId: jobs[0]!.projectId,
            pipelineId,
            jobIds: jobs.map((job) => job.id),
            status: 'failed',
          },
          tx,
        );
        await processPipeline(tx, { bus, clock }, pipelineId);
      });
    }
    return failed.length;
  }

  /**
   * Who a CI job token acts as while its job runs: the job's user, on the job's project only.
   * Null for an unknown token or a job that ended.
   */
  async function resolveJobToken(token: string) {
    const found = await findProcessingBuildByTokenDigest(db, digestToken(token));
    return found ? { jobId: found.build.id, projectId: found.build.projectId, user: found.user } : null;
  }

  /** A project's jobs of these ids as their entity shows them, in the order given. */
  async function viewsByIds(ctx: ProjectContext, ids: number[]): Promise<JobView[]> {
    return views(ctx, await findBuildRecordsByIds(db, ctx.project.id, ids));
  }

  return {
    viewsByIds,
    listForPipeline,
    listForProject,
    listForRunner,
    get,
    trace,
    traceFrom,
    cancel,
    failStuckJobs,
    resolveJobToken,
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
