import { compositeStatus, parseDuration, type CiStatus, type JobStatusSubject } from '../../../shared/ci';
import { jobGroups, type JobGroup } from '../../../shared/ci/status/groups';
import { can, type Actor } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../errors';
import { projectSubject, type ProjectContext, type ProjectsService } from '../projects/projects.service';
import type { ProtectedBranchesService } from '../protected-branches/protected-branches.service';
import { findBuild, listPipelineBuilds, type BuildRow } from './builds.repo';
import { listDownstreamOf } from './downstream.repo';
import type { HeadPipelines } from './head-pipelines.service';
import { jobOptionsOf } from './job-options';
import {
  findPipelineRecord,
  findPipelineRecordByIid,
  listPipelineRecords,
  type PipelineFilters,
  type PipelineRecord,
} from './pipelines.repo';
import { refSubject } from './ref-subject';

/** A job as the graph reads it (its row). */
export type GraphBuild = BuildRow;

type Deps = {
  db: Db;
  clock: Pick<Clock, 'now'>;
  projects: Pick<ProjectsService, 'loadProject'>;
  protectedBranches: Pick<ProtectedBranchesService, 'protectionOf'>;
  headPipelines: Pick<HeadPipelines, 'ofMergeRequest'>;
};

/** A pipeline as its graph shows it to one viewer: what they may do, and its jobs when asked for. */
export type GraphPipeline = PipelineRecord & {
  ctx: ProjectContext;
  /** May run, retry, cancel and unschedule its jobs (`update_build` on its ref). */
  canUpdate: boolean;
  canDestroy: boolean;
  /** Every job of it, retried attempts included, read once when a field first needs them. */
  builds(): Promise<BuildRow[]>;
  /** The bridge that created it (a downstream pipeline), when the viewer may read that job. */
  sourceJob(): Promise<{ pipeline: GraphPipeline; build: BuildRow } | null>;
  /** The pipeline whose bridge created it, when the viewer may read that pipeline. */
  upstream(): Promise<GraphPipeline | null>;
  /**
   * The pipelines its bridges created (retried bridges' too), oldest first; those of projects the
   * viewer may not read pipelines of are left out, as GitLab's authorized connection does.
   */
  downstream(): Promise<GraphPipeline[]>;
};

/**
 * A stage of the graph. Stages have no rows of their own: a stage's id is the id of its first
 * job (retried attempts included), which never changes while the pipeline exists.
 */
export type GraphStage = {
  id: number;
  name: string;
  status: CiStatus;
  warnings: boolean;
  jobs: BuildRow[];
  groups: Array<JobGroup<GraphJob>>;
  hasPlayableManualJobs: boolean;
};

type GraphJob = BuildRow & { status: CiStatus };

const RETRYABLE: readonly string[] = ['success', 'failed', 'canceled'];

const asJob = (build: BuildRow): GraphJob => build as GraphJob;

/** A pipeline's stages in configuration order, each with its jobs, groups and composed status. */
export function graphStages(builds: readonly BuildRow[]): GraphStage[] {
  const firstIds = new Map<number, number>();
  const current = new Map<number, GraphJob[]>();
  for (const build of builds) {
    if (!firstIds.has(build.stageIdx)) firstIds.set(build.stageIdx, build.id);
    if (build.retried) continue;
    current.set(build.stageIdx, [...(current.get(build.stageIdx) ?? []), asJob(build)]);
  }
  return [...current]
    .sort(([a], [b]) => a - b)
    .map(([stageIdx, jobs]) => {
      const composed = compositeStatus(jobs);
      return {
        id: firstIds.get(stageIdx)!,
        name: jobs[0]!.stage,
        status: composed.status ?? 'skipped',
        warnings: composed.warnings,
        jobs,
        groups: jobGroups(jobs),
        hasPlayableManualJobs: jobs.some((job) => job.status === 'manual'),
      };
    });
}

/** When a delayed job runs: `start_in` after it was scheduled (the moment it last changed). */
export function scheduledAtOf(build: BuildRow): Date | null {
  const startIn = jobOptionsOf(build).startIn;
  if (build.status !== 'scheduled' || !startIn) return null;
  const seconds = parseDuration(startIn) ?? 0;
  return new Date(build.updatedAt.getTime() + seconds * 1000);
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** What GitLab's Build status classes look at for this job and this viewer. */
export function jobStatusSubject(build: BuildRow, canUpdate: boolean, now: Date): JobStatusSubject {
  const options = jobOptionsOf(build);
  const scheduledAt = scheduledAtOf(build);
  const left = scheduledAt ? Math.max(0, Math.round((scheduledAt.getTime() - now.getTime()) / 1000)) : 0;
  return {
    status: build.status as CiStatus,
    allowFailure: build.allowFailure,
    when: build.when,
    retryable: isRetryable(build),
    retried: build.retried,
    stopsEnvironment: options.environment?.action === 'stop',
    failureReason: build.failureReason ?? undefined,
    manualConfirmation: options.manualConfirmation,
    ...(scheduledAt
      ? {
          scheduledIn: `${twoDigits(Math.floor(left / 3600))}:${twoDigits(Math.floor(left / 60) % 60)}:${twoDigits(left % 60)}`,
        }
      : {}),
    canUpdate,
    canRead: true,
  };
}

const CANCELABLE: readonly string[] = [
  'created',
  'waiting_for_resource',
  'preparing',
  'pending',
  'running',
  'manual',
  'scheduled',
];

/** A job that has not finished: cancel stops it (or keeps a manual or delayed one from running). */
export const isCancelable = (build: BuildRow): boolean => CANCELABLE.includes(build.status);

/** A finished job that was not retried already (bridges are not retried: they trigger pipelines). */
export const isRetryable = (build: BuildRow): boolean =>
  RETRYABLE.includes(build.status) && !build.retried && jobOptionsOf(build).kind !== 'bridge';

/**
 * The pipeline graph of GraphQL: pipelines with their stages, groups and jobs as a viewer may
 * see them. A project the viewer may not read pipelines of gives nothing (null, never 403).
 */
export function createPipelineGraph({ db, clock, projects, protectedBranches, headPipelines }: Deps) {
  async function readable(actor: Actor, projectRef: string | number): Promise<ProjectContext> {
    const ctx = await projects.loadProject(actor, projectRef);
    if (!can(actor, 'read_pipeline', projectSubject(ctx))) throw new NotFoundError('Project');
    return ctx;
  }

  async function graphOf(actor: Actor, ctx: ProjectContext, record: PipelineRecord): Promise<GraphPipeline> {
    const { pipeline } = record;
    const { subject } = await refSubject(protectedBranches, ctx, pipeline.ref, pipeline.tag);
    let builds: Promise<BuildRow[]> | null = null;
    let downstream: Promise<GraphPipeline[]> | null = null;
    const sourceJob = () =>
      pipeline.sourceJobId === null ? Promise.resolve(null) : job(actor, pipeline.sourceJobId);
    const graph: GraphPipeline = {
      ...record,
      ctx,
      canUpdate: can(actor, 'update_build', subject),
      canDestroy: can(actor, 'destroy_pipeline', subject),
      builds: () => (builds ??= listPipelineBuilds(db, pipeline.id)),
      sourceJob,
      upstream: async () => (await sourceJob())?.pipeline ?? null,
      downstream: () => (downstream ??= downstreamOf(actor, graph)),
    };
    return graph;
  }

  async function downstreamOf(actor: Actor, graph: GraphPipeline): Promise<GraphPipeline[]> {
    const bridgeIds = (await graph.builds())
      .filter((build) => jobOptionsOf(build).kind === 'bridge')
      .map((build) => build.id);
    const linked = await listDownstreamOf(db, bridgeIds);
    const readable = await Promise.all(linked.map((item) => byId(actor, item.project.id, item.pipeline.id)));
    return readable.filter((item) => item !== null);
  }

  /** `Project.pipeline(iid:)` or `(id:)`; null when there is none the viewer may see. */
  async function find(
    actor: Actor,
    projectRef: string | number,
    key: { iid: number } | { id: number },
  ): Promise<GraphPipeline | null> {
    const ctx = await readable(actor, projectRef);
    const record =
      'iid' in key
        ? await findPipelineRecordByIid(db, ctx.project.id, key.iid)
        : await findPipelineRecord(db, ctx.project.id, key.id);
    return record ? graphOf(actor, ctx, record) : null;
  }

  /** `Project.pipelines`, newest first. */
  async function list(
    actor: Actor,
    projectRef: string | number,
    filters: Omit<PipelineFilters, 'orderBy' | 'sort'>,
    limit: number,
  ) {
    const ctx = await readable(actor, projectRef);
    const { records, total } = await listPipelineRecords(
      db,
      ctx.project.id,
      { ...filters, orderBy: 'id', sort: 'desc' },
      { offset: 0, limit },
    );
    return { nodes: await Promise.all(records.map((record) => graphOf(actor, ctx, record))), count: total };
  }

  /** A pipeline by id in whatever project it is, for one who may read it. */
  async function byId(actor: Actor, projectId: number, pipelineId: number): Promise<GraphPipeline | null> {
    try {
      return await find(actor, projectId, { id: pipelineId });
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  /** A job and its pipeline, for one who may read them. */
  async function job(actor: Actor, jobId: number) {
    const build = await findBuild(db, jobId);
    if (!build) return null;
    const pipeline = await byId(actor, build.projectId, build.pipelineId);
    return pipeline ? { pipeline, build } : null;
  }

  /** `ciPipelineStage(id:)`: the stage whose first job has this id. */
  async function stage(actor: Actor, stageId: number) {
    const found = await job(actor, stageId);
    if (!found) return null;
    const stages = graphStages(await found.pipeline.builds());
    const match = stages.find((each) => each.id === stageId);
    return match ? { pipeline: found.pipeline, stage: match } : null;
  }

  /** `MergeRequest.pipelines`: the request's pipelines, newest first. */
  async function ofMergeRequest(actor: Actor, projectId: number, iid: number, limit: number) {
    const { ctx, rows, total } = await headPipelines.ofMergeRequest(actor, String(projectId), iid, {
      offset: 0,
      limit,
    });
    const nodes = await Promise.all(
      rows.map(async (row) => {
        const record = await findPipelineRecord(db, ctx.project.id, row.id);
        return record ? graphOf(actor, ctx, record) : null;
      }),
    );
    return { nodes: nodes.filter((node) => node !== null), count: total };
  }

  const now = () => clock.now();

  return { find, list, byId, job, stage, ofMergeRequest, now };
}

export type PipelineGraph = ReturnType<typeof createPipelineGraph>;
