import { setTimeout as delay } from 'node:timers/promises';
import { digestToken, newJobToken } from '../../auth/tokens';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EventBus } from '../../realtime/bus';
import type { ProjectsService } from '../projects/projects.service';
import type { AuthenticatedRunner, RunnersService } from '../runners/runners.service';
import { findBuild, lockBuild, takePendingBuild, updateBuild, type BuildRow } from './builds.repo';
import { dependenciesOf } from './job-dependencies';
import { finishBuild } from './job-finish';
import { presentJobPayload, type JobPayload } from './job-payload.presenter';
import { processPipeline } from './pipeline-processing';
import { findPipeline } from './pipelines.repo';
import { writeTraceAt } from './traces.repo';

/**
 * The line that ends a log cut at the server's limit (`CI_JOBS_TRACE_SIZE_LIMIT_MB`), in red as
 * a runner's own errors are: without it the log would just stop, and the reader would not know
 * why. gitlab-runner words its own `output_limit` cut the same way.
 */
export const traceLimitMessage = (limit: number) =>
  `\n\x1b[31;1mJob's log exceeded limit of ${limit} bytes.\x1b[0;m\n`;

/** How often a runner should send its log, in seconds (GitLab's rate while someone watches a job). */
export const TRACE_UPDATE_INTERVAL_SECONDS = 3;

/** GitLab's refusal of a job request or update for a job that is no longer the runner's to run. */
export const JOB_NOT_PROCESSING = '403 Forbidden - Job is not processing on runner';

type Deps = {
  db: Db;
  bus: EventBus;
  clock: Clock;
  config: Pick<Config, 'externalUrl' | 'runnerLongPollMs' | 'maxTraceBytes'>;
  projects: Pick<ProjectsService, 'systemContext'>;
  runners: Pick<RunnersService, 'heartbeat'>;
};

/** An answer of the job endpoints: the status, the job's status for `Job-Status`, and a body. */
export type JobAnswer = { status: number; jobStatus?: string; message?: string; range?: number };

const PROCESSING = ['running', 'canceling'];

/**
 * The runner's side of jobs (GitLab Runner's protocol): taking a pending job (a request waits for
 * one, woken through the bus), the job's updates (`PUT /jobs/:id`) and its log (`PATCH
 * /jobs/:id/trace`), each authenticated by the job's token while it runs.
 */
export function createRunnerJobsService({ db, bus, clock, config, projects, runners }: Deps) {
  const waiting = new Set<() => void>();
  let closing = false;
  const wakeAll = () => {
    for (const wake of [...waiting]) wake();
  };
  const unsubscribe = bus.subscribe((event) => {
    if ((event.type === 'job.updated' && event.status === 'pending') || event.type === 'bus.resumed')
      wakeAll();
  });

  /** Resolves at the next wake-up; subscribed before the table is read, so no wake-up is missed. */
  function nextWake(): { promise: Promise<void>; cancel(): void } {
    let wake!: () => void;
    const promise = new Promise<void>((resolve) => (wake = resolve));
    waiting.add(wake);
    return { promise, cancel: () => waiting.delete(wake) };
  }

  async function tryTake(runner: AuthenticatedRunner): Promise<JobPayload | null> {
    if (runner.paused) return null;
    const token = newJobToken();
    const build = await takePendingBuild(
      db,
      {
        runnerId: runner.id,
        runnerType: runner.runnerType,
        projectIds: runner.projectIds,
        groupPath: runner.groupPath,
        tags: runner.tagList,
        runUntagged: runner.runUntagged,
        refProtectedOnly: runner.accessLevel === 'ref_protected',
      },
      digestToken(token),
      clock.now(),
    );
    if (!build) return null;
    // Taken in its own statement, processed in its own transaction: locks are always taken
    // pipeline first, then job, so a job's update and this can never wait on each other.
    await db.transaction(async (tx) => {
      await bus.publish(
        {
          type: 'job.updated',
          projectId: build.projectId,
          pipelineId: build.pipelineId,
          jobIds: [build.id],
          status: 'running',
        },
        tx,
      );
      await processPipeline(tx, { bus, clock }, build.pipelineId);
    });
    const [pipeline, ctx] = await Promise.all([
      findPipeline(db, build.pipelineId),
      projects.systemContext(build.projectId),
    ]);
    if (!pipeline || !ctx) return null;
    const dependencies = await dependenciesOf(db, build, clock.now());
    return presentJobPayload({ build, pipeline, ctx, runner, token, config, now: clock.now(), dependencies });
  }

  /**
   * `POST /jobs/request`: a pending job this runner may run, taken for it; when there is none, the
   * request waits (up to the long poll) for a job to become pending anywhere, then answers null.
   */
  async function requestJob(runner: AuthenticatedRunner, signal: AbortSignal): Promise<JobPayload | null> {
    const deadline = Date.now() + config.runnerLongPollMs;
    for (;;) {
      const wake = nextWake();
      try {
        if (closing || signal.aborted) return null;
        const job = await tryTake(runner);
        if (job) return job;
        const remaining = deadline - Date.now();
        if (remaining <= 0 || runner.paused) return null;
        await waitFor(wake.promise, remaining, signal);
      } finally {
        wake.cancel();
      }
    }
  }

  /** Waits for `wake`, `ms` or the request's end, whichever comes first, leaving no timer behind. */
  async function waitFor(wake: Promise<void>, ms: number, signal: AbortSignal): Promise<void> {
    const timer = new AbortController();
    const stop = () => timer.abort();
    signal.addEventListener('abort', stop, { once: true });
    try {
      // The delay rejects when aborted (woken or the request gone): that is its normal end.
      await Promise.race([wake, delay(ms, undefined, { signal: timer.signal }).catch(() => undefined)]);
    } finally {
      timer.abort();
      signal.removeEventListener('abort', stop);
    }
  }

  const authenticateJob = (jobId: number, token: string | undefined) =>
    authenticateRunningJob({ db, runners }, jobId, token);

  /** `PUT /jobs/:id`: `running` keeps the job alive; `success` and `failed` finish it. */
  async function updateJob(
    jobId: number,
    token: string | undefined,
    update: { state?: string; failureReason?: string; exitCode?: number },
  ): Promise<JobAnswer> {
    const found = await authenticateJob(jobId, token);
    if (!('id' in found)) return found;
    switch (update.state) {
      case 'running': {
        await updateBuild(db, found.id, { updatedAt: clock.now() });
        return { status: 200, jobStatus: found.status };
      }
      case 'success':
      case 'failed': {
        const status = await finishBuild(db, { bus, clock }, found.id, {
          state: update.state,
          failureReason: update.failureReason,
          exitCode: update.exitCode,
        });
        return { status: 200, jobStatus: status };
      }
      default:
        return { status: 400, jobStatus: found.status, message: '400' };
    }
  }

  /**
   * `PATCH /jobs/:id/trace`: `data` written at the Content-Range's start. A start past the stored
   * end is a gap (416, with the stored range); an earlier start replaces what lay there.
   */
  async function appendTrace(
    jobId: number,
    token: string | undefined,
    contentRange: string | undefined,
    data: Buffer,
  ): Promise<JobAnswer> {
    const found = await authenticateJob(jobId, token);
    if (!('id' in found)) return found;
    if (contentRange === undefined) return { status: 400, message: '400 Missing header Content-Range' };
    const start = /^(\d+)-\d+$/.exec(contentRange.trim())?.[1];
    if (start === undefined) return { status: 400, message: '400 Bad request - Content-Range is invalid' };
    const offset = Number(start);
    if (offset + data.length > config.maxTraceBytes) {
      // As GitLab does, nothing of the chunk that crosses the limit is kept and the job fails
      // (`trace_size_exceeded`, 403); the log says where and why it was cut.
      await db.transaction(async (tx) => {
        const build = await lockBuild(tx, found.id);
        if (!build || !PROCESSING.includes(build.status)) return;
        const line = Buffer.from(traceLimitMessage(config.maxTraceBytes));
        const size = await writeTraceAt(tx, build.id, build.traceBytes, build.traceBytes, line);
        await updateBuild(tx, build.id, { traceBytes: size, updatedAt: clock.now() });
      });
      await finishBuild(db, { bus, clock }, found.id, {
        state: 'failed',
        failureReason: 'trace_size_exceeded',
      });
      return { status: 403, message: '403 Forbidden' };
    }
    return db.transaction(async (tx) => {
      const build = await lockBuild(tx, found.id);
      if (!build || !PROCESSING.includes(build.status))
        return { status: 403, jobStatus: build?.status, message: JOB_NOT_PROCESSING };
      if (offset > build.traceBytes)
        return { status: 416, range: build.traceBytes, message: '416 Range Not Satisfiable' };
      const size = await writeTraceAt(tx, build.id, build.traceBytes, offset, data);
      await updateBuild(tx, build.id, { traceBytes: size, updatedAt: clock.now() });
      return { status: 202, jobStatus: build.status, range: size };
    });
  }

  /** Ends the waits of this process's job requests (at shutdown: they answer 204 at once). */
  function close(): void {
    closing = true;
    unsubscribe();
    wakeAll();
  }

  return { requestJob, updateJob, appendTrace, close };
}

export type RunnerJobsService = ReturnType<typeof createRunnerJobsService>;

/** The job a runner's request names, if `token` is its token and it is still the runner's to run. */
export async function authenticateRunningJob(
  { db, runners }: { db: Db; runners: Pick<RunnersService, 'heartbeat'> },
  jobId: number,
  token: string | undefined,
): Promise<BuildRow | JobAnswer> {
  const build = await findBuild(db, jobId);
  if (!build || !token || build.tokenDigest !== digestToken(token))
    return { status: 403, message: '403 Forbidden' };
  if (!PROCESSING.includes(build.status))
    return { status: 403, jobStatus: build.status, message: JOB_NOT_PROCESSING };
  if (build.runnerId) await runners.heartbeat(build.runnerId, null);
  return build;
}
