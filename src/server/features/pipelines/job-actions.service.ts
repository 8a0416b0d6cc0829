import type { CurrentUser } from '../../auth/current-user';
import { can } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../errors';
import { deleteRef, readRef } from '../../git/repository';
import type { EventBus } from '../../realtime/bus';
import { projectSubject, type ProjectContext, type ProjectsService } from '../projects/projects.service';
import type { ProtectedBranchesService } from '../protected-branches/protected-branches.service';
import type { RunnersService } from '../runners/runners.service';
import type { ArtifactStore } from './artifact-store';
import { deleteArtifactsOf, listPipelineArtifacts } from './artifacts.repo';
import {
  cloneValues,
  findBuildRecord,
  insertBuilds,
  listCurrentBuilds,
  lockBuild,
  markRetried,
  resetSkippedBuilds,
  updateBuild,
  type BuildRow,
} from './builds.repo';
import { listChildPipelines } from './downstream.repo';
import { cancelLockedBuild } from './job-cancel';
import { jobOptionsOf } from './job-options';
import { persistentRef, runnerVariable } from './pipeline-creation.service';
import { isCompleted, processPipeline } from './pipeline-processing';
import { enqueueStatusOf } from './resource-requests';
import { deletePipeline, findPipeline, findPipelineRecord, lockPipeline } from './pipelines.repo';
import { buildSubject, refSubject } from './ref-subject';
import { deleteTrace } from './traces.repo';

type Deps = {
  db: Db;
  bus: EventBus;
  clock: Clock;
  projects: Pick<ProjectsService, 'loadProject'>;
  protectedBranches: Pick<ProtectedBranchesService, 'protectionOf'>;
  runners: Pick<RunnersService, 'byIds'>;
  artifactStore: ArtifactStore;
};

/** A job variable given when a manual job is played (`job_variables_attributes`). */
export type PlayVariable = { key: string; value: string };

const RETRYABLE = ['success', 'failed', 'canceled'];
const PLAYABLE = ['manual', 'scheduled'];

/**
 * What people do to jobs and pipelines, as GitLab's services do it: play a manual job, retry a
 * job (a new attempt, the pipeline processed again), unschedule a delayed job, erase a job's log
 * and artifacts; retry a pipeline's failed jobs, cancel a pipeline, delete it. Each is checked
 * with `can()` and announced on the bus (`job.updated`, `pipeline.updated`, `pipeline.deleted`).
 */
export function createJobActionsService(deps: Deps) {
  const { db, bus, clock, projects, protectedBranches, runners, artifactStore } = deps;
  const processing = { bus, clock };

  async function readable(actor: CurrentUser, projectRef: string): Promise<ProjectContext> {
    const ctx = await projects.loadProject(actor, projectRef);
    if (!can(actor, 'read_pipeline', projectSubject(ctx))) throw new NotFoundError('Project');
    return ctx;
  }

  /** The job, if the actor may `action` it (404 when it is not the project's, 403 when not allowed). */
  async function actionable(
    actor: CurrentUser,
    projectRef: string,
    jobId: number,
    action: 'update_build' | 'erase_build',
  ) {
    const ctx = await readable(actor, projectRef);
    const record = await findBuildRecord(db, ctx.project.id, jobId);
    if (!record) throw new NotFoundError('Job');
    if (!can(actor, action, await buildSubject(protectedBranches, ctx, record.build)))
      throw new ForbiddenError();
    return { ctx, build: record.build };
  }

  async function announce(
    tx: Db,
    build: Pick<BuildRow, 'projectId' | 'pipelineId'>,
    ids: number[],
    status: string,
  ) {
    if (ids.length > 0)
      await bus.publish(
        {
          type: 'job.updated',
          projectId: build.projectId,
          pipelineId: build.pipelineId,
          jobIds: ids,
          status,
        },
        tx,
      );
  }

  /**
   * `POST /jobs/:id/play`: a manual (or delayed) job is queued now, run as the one who played it,
   * with the variables given; a finished manual job is retried. 400 "Unplayable Job" otherwise.
   */
  async function play(actor: CurrentUser, projectRef: string, jobId: number, variables: PlayVariable[] = []) {
    const { build } = await actionable(actor, projectRef, jobId, 'update_build');
    const manual = build.when === 'manual' || build.when === 'delayed';
    if (jobOptionsOf(build).kind === 'bridge' || !manual || build.retried)
      throw new BadRequestError('400 Bad request - Unplayable Job');
    if (!PLAYABLE.includes(build.status)) {
      if (!RETRYABLE.includes(build.status)) throw new BadRequestError('400 Bad request - Unplayable Job');
      return retry(actor, projectRef, jobId);
    }
    await db.transaction(async (tx) => {
      await lockPipeline(tx, build.pipelineId);
      const locked = await lockBuild(tx, build.id);
      if (!locked || !PLAYABLE.includes(locked.status))
        throw new BadRequestError('400 Bad request - Unplayable Job');
      const now = clock.now();
      const given = variables.map((variable) => runnerVariable({ ...variable, public: false }));
      const to = enqueueStatusOf(locked);
      await updateBuild(tx, locked.id, {
        status: to,
        ...(to === 'pending' ? { queuedAt: now } : {}),
        updatedAt: now,
        userId: actor.id,
        variables: [...(locked.variables as unknown[]), ...given],
      });
      await announce(tx, locked, [locked.id], to);
      await processPipeline(tx, processing, locked.pipelineId);
    });
    return build.id;
  }

  /**
   * `POST /jobs/:id/retry`: a finished job gets a new attempt, queued at once as the one who
   * retried it; the old one is kept as retried, and the jobs it had skipped are processed again.
   * 403 "Job is not retryable" for a job that has not finished (or was retried already).
   */
  async function retry(actor: CurrentUser, projectRef: string, jobId: number): Promise<number> {
    const { build } = await actionable(actor, projectRef, jobId, 'update_build');
    if (!RETRYABLE.includes(build.status) || build.retried || jobOptionsOf(build).kind === 'bridge')
      throw new ForbiddenError('403 Forbidden - Job is not retryable');
    return db.transaction(async (tx) => {
      await lockPipeline(tx, build.pipelineId);
      const locked = await lockBuild(tx, build.id);
      if (!locked || locked.retried) throw new ForbiddenError('403 Forbidden - Job is not retryable');
      const now = clock.now();
      await markRetried(tx, [locked.id]);
      const to = enqueueStatusOf(locked);
      const [created] = await insertBuilds(tx, [cloneValues(locked, actor.id, to, now)]);
      await announce(tx, locked, [created!.id], to);
      await resetSkippedBuilds(tx, locked.pipelineId, locked.stageIdx, now);
      await processPipeline(tx, processing, locked.pipelineId);
      return created!.id;
    });
  }

  /** A delayed job waiting for its time goes back to manual: it runs only when played. */
  async function unschedule(actor: CurrentUser, projectRef: string, jobId: number): Promise<number> {
    const { build } = await actionable(actor, projectRef, jobId, 'update_build');
    if (build.status !== 'scheduled') throw new BadRequestError('400 Bad request - Job is not scheduled');
    await db.transaction(async (tx) => {
      await lockPipeline(tx, build.pipelineId);
      const locked = await lockBuild(tx, build.id);
      if (locked?.status !== 'scheduled') return;
      await updateBuild(tx, locked.id, { status: 'manual', scheduledAt: null, updatedAt: clock.now() });
      await announce(tx, locked, [locked.id], 'manual');
      await processPipeline(tx, processing, locked.pipelineId);
    });
    return build.id;
  }

  /**
   * `POST /jobs/:id/erase`: a finished job's log and artifacts are removed, and who erased it
   * when is kept. 403 "Job is not erasable!" for a job still running or with nothing to erase.
   */
  async function erase(actor: CurrentUser, projectRef: string, jobId: number): Promise<number> {
    const { build } = await actionable(actor, projectRef, jobId, 'erase_build');
    if (!isCompleted(build.status) || build.erasedAt)
      throw new ForbiddenError('403 Forbidden - Job is not erasable!');
    const removed = await db.transaction(async (tx) => {
      const locked = await lockBuild(tx, build.id);
      if (!locked) return [];
      const now = clock.now();
      await deleteTrace(tx, locked.id);
      const artifacts = await deleteArtifactsOf(tx, locked.id);
      await updateBuild(tx, locked.id, {
        traceBytes: 0,
        erasedAt: now,
        erasedById: actor.id,
        updatedAt: now,
      });
      await announce(tx, locked, [locked.id], locked.status);
      return artifacts;
    });
    for (const artifact of removed) await artifactStore.remove(artifact.path);
    return build.id;
  }

  /** A pipeline of the project the actor may `action` (404, or 403 when not allowed). */
  async function pipelineFor(
    actor: CurrentUser,
    projectRef: string,
    pipelineId: number,
    action: 'update_build' | 'destroy_pipeline',
  ) {
    const ctx = await readable(actor, projectRef);
    const record = await findPipelineRecord(db, ctx.project.id, pipelineId);
    if (!record) throw new NotFoundError();
    const { pipeline } = record;
    const subject =
      action === 'destroy_pipeline'
        ? projectSubject(ctx)
        : (await refSubject(protectedBranches, ctx, pipeline.ref, pipeline.tag)).subject;
    if (!can(actor, action, subject)) throw new ForbiddenError();
    return { ctx, pipeline };
  }

  /**
   * `POST /pipelines/:id/retry`: each failed or canceled job gets a new attempt (created, then
   * processed in stage order), and skipped jobs after them are processed again.
   */
  async function retryPipeline(actor: CurrentUser, projectRef: string, pipelineId: number) {
    const { pipeline } = await pipelineFor(actor, projectRef, pipelineId, 'update_build');
    await db.transaction(async (tx) => {
      await lockPipeline(tx, pipeline.id);
      const builds = await listCurrentBuilds(tx, pipeline.id);
      const retryable = builds.filter(
        (build) => ['failed', 'canceled'].includes(build.status) && jobOptionsOf(build).kind !== 'bridge',
      );
      if (retryable.length === 0) return;
      const now = clock.now();
      await markRetried(
        tx,
        retryable.map((build) => build.id),
      );
      const created = await insertBuilds(
        tx,
        retryable.map((build) => cloneValues(build, actor.id, 'created', now)),
      );
      await announce(
        tx,
        { projectId: pipeline.projectId, pipelineId: pipeline.id },
        created.map((build) => build.id),
        'created',
      );
      const from = Math.min(...retryable.map((build) => build.stageIdx));
      await resetSkippedBuilds(tx, pipeline.id, from, now);
      await processPipeline(tx, processing, pipeline.id);
    });
    return pipeline.id;
  }

  /**
   * `POST /pipelines/:id/cancel`: every job not finished is canceled (running ones as `cancel`
   * does), and so are the child pipelines' at every level, as GitLab cascades a cancel. Pipelines
   * of other projects that bridges triggered run on: GitLab leaves them too.
   */
  async function cancelPipeline(actor: CurrentUser, projectRef: string, pipelineId: number) {
    const { pipeline } = await pipelineFor(actor, projectRef, pipelineId, 'update_build');
    return cancelJobsOf(pipeline);
  }

  /**
   * The server's own cancel, with no one to check (a merge train canceling the pipeline of a car
   * that restarted or left, as GitLab's `cancel_pipeline!`); nothing when the pipeline is gone.
   */
  async function cancelBySystem(pipelineId: number): Promise<void> {
    const pipeline = await findPipeline(db, pipelineId);
    if (pipeline && !isCompleted(pipeline.status)) await cancelJobsOf(pipeline);
  }

  async function cancelJobsOf(pipeline: { id: number }): Promise<number> {
    await cancelOwnJobs(pipeline);
    for (const child of await listChildPipelines(db, pipeline.id))
      if (!isCompleted(child.status)) await cancelJobsOf(child);
    return pipeline.id;
  }

  async function cancelOwnJobs(pipeline: { id: number }): Promise<void> {
    const builds = await listCurrentBuilds(db, pipeline.id);
    const runnerIds = [...new Set(builds.flatMap((build) => (build.runnerId ? [build.runnerId] : [])))];
    const graceful = new Set(
      (await runners.byIds(runnerIds))
        .filter((runner) => (runner.features as { cancel_gracefully?: unknown }).cancel_gracefully === true)
        .map((runner) => runner.id),
    );
    await db.transaction(async (tx) => {
      await lockPipeline(tx, pipeline.id);
      for (const build of builds) {
        const locked = await lockBuild(tx, build.id);
        if (locked) await cancelLockedBuild(tx, processing, locked, graceful.has(locked.runnerId ?? -1));
      }
      await processPipeline(tx, processing, pipeline.id);
    });
  }

  /** `DELETE /pipelines/:id` (Owners): the pipeline, its jobs, logs, artifacts and persistent ref. */
  async function destroyPipeline(actor: CurrentUser, projectRef: string, pipelineId: number): Promise<void> {
    const { ctx, pipeline } = await pipelineFor(actor, projectRef, pipelineId, 'destroy_pipeline');
    const artifacts = await db.transaction(async (tx) => {
      await lockPipeline(tx, pipeline.id);
      const kept = await listPipelineArtifacts(tx, pipeline.id);
      await deletePipeline(tx, pipeline.id);
      await bus.publish(
        { type: 'pipeline.deleted', projectId: pipeline.projectId, pipelineId: pipeline.id },
        tx,
      );
      return kept;
    });
    for (const artifact of artifacts) await artifactStore.remove(artifact.path);
    const ref = persistentRef(pipeline.id);
    const sha = await readRef(ctx.gitDir, ref);
    if (sha) await deleteRef(ctx.gitDir, ref, sha);
  }

  return {
    play,
    retry,
    unschedule,
    erase,
    retryPipeline,
    cancelPipeline,
    cancelBySystem,
    destroyPipeline,
  };
}

export type JobActionsService = ReturnType<typeof createJobActionsService>;
