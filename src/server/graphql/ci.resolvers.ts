import { GraphQLError } from 'graphql';
import type { Actor } from '../auth/permissions';
import type { CurrentUser } from '../auth/current-user';
import type { Container } from '../container';
import { AppError, ForbiddenError, NotFoundError } from '../errors';
import type { BusEvent } from '../realtime/bus';
import { eventStream } from '../realtime/event-stream';
import {
  isCancelable,
  type GraphBuild,
  type GraphPipeline,
} from '../features/pipelines/pipeline-graph.service';
import { createCiPresenter } from './ci.presenter';
import { parseGlobalId } from './global-id';
import { RESOURCE_NOT_AVAILABLE } from './mutation-scope';
import { orNull, type GraphQLContext } from './resolve';

type ProjectSource = { projectId: number };
type PipelineUpdated = Extract<BusEvent, { type: 'pipeline.updated' }>;
type JobUpdated = Extract<BusEvent, { type: 'job.updated' }>;

/** GitLab's page size: a connection answers at most this many nodes. */
const MAX_PAGE_SIZE = 100;
const pageSize = (first: number | null | undefined) =>
  Math.max(0, Math.min(first ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE));

/** The first of `types` that `value` is a global id of, as its number; null for none. */
function parseAnyOf(types: readonly string[], value: string): number | null {
  for (const type of types) {
    const id = parseGlobalId(type, value);
    if (id !== null) return id;
  }
  return null;
}

const JOB_TYPES = ['Ci::Build', 'Ci::Bridge', 'Ci::Processable', 'CommitStatus'];

/** A REST refusal in a mutation's `errors` (`400 Bad request - Unplayable Job` -> `Unplayable Job`). */
const errorText = (error: AppError) => error.message.replace(/^\d{3} [^-]+ - /, '');

/** What a refused or unknown job's mutation answers: GitLab's `authorized_find!` error. */
const isNotAvailable = (error: unknown) =>
  error instanceof NotFoundError || (error instanceof ForbiddenError && error.message === '403 Forbidden');

export function ciResolvers(container: Container) {
  const graph = container.pipelineGraph;
  const present = createCiPresenter({
    externalUrl: container.config.externalUrl,
    now: () => container.clock.now(),
  });

  const jobOf = async (actor: Actor, jobId: number) => {
    const found = await graph.job(actor, jobId);
    return found && present.presentJob(found.pipeline, found.build);
  };

  const pipeline = (
    project: ProjectSource,
    args: { iid?: string | null; id?: string | null; sha?: string | null },
    ctx: GraphQLContext,
  ) =>
    orNull(async () => {
      const actor = ctx.currentUser;
      if (args.iid != null) {
        if (!/^\d{1,9}$/.test(args.iid)) return null;
        const found = await graph.find(actor, project.projectId, { iid: Number(args.iid) });
        return found && present.presentPipeline(found);
      }
      if (args.id != null) {
        const id = parseGlobalId('Ci::Pipeline', args.id);
        const found = id === null ? null : await graph.find(actor, project.projectId, { id });
        return found && present.presentPipeline(found);
      }
      // GitLab: the newest pipeline (of the commit, when `sha` is given).
      const { nodes } = await graph.list(actor, project.projectId, { sha: args.sha ?? undefined }, 1);
      return nodes[0] ? present.presentPipeline(nodes[0]) : null;
    });

  const pipelines = (
    project: ProjectSource,
    args: {
      status?: string | null;
      ref?: string | null;
      sha?: string | null;
      source?: string | null;
      first?: number | null;
    },
    ctx: GraphQLContext,
  ) =>
    orNull(async () => {
      const { nodes, count } = await graph.list(
        ctx.currentUser,
        project.projectId,
        {
          status: args.status?.toLowerCase(),
          ref: args.ref ?? undefined,
          sha: args.sha ?? undefined,
          source: args.source ?? undefined,
        },
        pageSize(args.first),
      );
      return { count, nodes: nodes.map(present.presentPipeline) };
    });

  const projectJob = (project: ProjectSource, args: { id: string }, ctx: GraphQLContext) =>
    orNull(async () => {
      const id = parseAnyOf(JOB_TYPES, args.id);
      if (id === null) return null;
      const found = await graph.job(ctx.currentUser, id);
      if (!found || found.build.projectId !== project.projectId) return null;
      return present.presentJob(found.pipeline, found.build);
    });

  const mergeRequestPipelines = async (
    mr: { projectId: number; iid: string },
    args: { first?: number | null },
    ctx: GraphQLContext,
  ) => {
    try {
      const { nodes, count } = await graph.ofMergeRequest(
        ctx.currentUser,
        mr.projectId,
        Number(mr.iid),
        pageSize(args.first),
      );
      return { count, nodes: nodes.map(present.presentPipeline) };
    } catch (error) {
      // One who may read the request but not its pipelines sees none.
      if (error instanceof ForbiddenError || error instanceof NotFoundError) return null;
      throw error;
    }
  };

  const headPipeline = (
    mr: { headPipelineOf: { projectId: number; pipelineId: number } | null },
    _args: unknown,
    ctx: GraphQLContext,
  ) =>
    mr.headPipelineOf &&
    graph
      .byId(ctx.currentUser, mr.headPipelineOf.projectId, mr.headPipelineOf.pipelineId)
      .then((found) => found && present.presentPipeline(found));

  const ciPipelineStage = (_root: unknown, args: { id: string }, ctx: GraphQLContext) =>
    orNull(async () => {
      const id = parseGlobalId('Ci::Stage', args.id);
      const found = id === null ? null : await graph.stage(ctx.currentUser, id);
      return found && present.presentStage(found.pipeline, found.stage);
    });

  /**
   * A job action through the services REST uses, with their `can()` checks: a job the caller
   * may not see or act on is GitLab's "resource not available" error; a job whose state does not
   * allow the action answers it in `errors`, with the job as it is.
   */
  function jobMutation(
    types: readonly string[],
    act: (
      actor: CurrentUser,
      projectRef: string,
      job: { pipeline: GraphPipeline; build: GraphBuild },
    ) => Promise<number>,
  ) {
    return async (
      _root: unknown,
      { input }: { input: { id: string; clientMutationId?: string } },
      ctx: GraphQLContext,
    ) => {
      const actor = ctx.currentUser;
      const id = parseAnyOf(types, input.id);
      const before = actor && id !== null ? await graph.job(actor, id) : null;
      if (!actor || !before) throw new GraphQLError(RESOURCE_NOT_AVAILABLE);
      const clientMutationId = input.clientMutationId ?? null;
      try {
        const jobId = await act(actor, String(before.build.projectId), before);
        return { job: await jobOf(actor, jobId), errors: [], clientMutationId };
      } catch (error) {
        if (isNotAvailable(error)) throw new GraphQLError(RESOURCE_NOT_AVAILABLE);
        if (!(error instanceof AppError)) throw error;
        return { job: await jobOf(actor, before.build.id), errors: [errorText(error)], clientMutationId };
      }
    };
  }

  const PROCESSABLE = ['Ci::Build', 'Ci::Bridge', 'Ci::Processable'];
  const BUILD = ['Ci::Build'];
  const { jobActions, ciJobs } = container;
  const mutation = {
    jobPlay: jobMutation(PROCESSABLE, (actor, projectRef, { build }) =>
      jobActions.play(actor, projectRef, build.id),
    ),
    jobRetry: jobMutation(PROCESSABLE, (actor, projectRef, { build }) =>
      jobActions.retry(actor, projectRef, build.id),
    ),
    jobUnschedule: jobMutation(BUILD, (actor, projectRef, { build }) =>
      jobActions.unschedule(actor, projectRef, build.id),
    ),
    jobCancel: jobMutation(BUILD, async (actor, projectRef, { pipeline, build }) => {
      // GitLab's Ci::BuildCancelService: allowed first, then a job that has not finished.
      if (!pipeline.canUpdate) throw new ForbiddenError();
      if (!isCancelable(build)) throw new AppError(422, 'Unprocessable entity');
      await ciJobs.cancel(actor, projectRef, build.id);
      return build.id;
    }),
  };

  /**
   * Each update re-reads the pipeline or job as the subscriber, so one who may not read it
   * receives nothing. Events come over the bus, from whichever app process moved the job.
   */
  async function* pipelineStatusUpdates(_root: unknown, args: { pipelineId: string }, ctx: GraphQLContext) {
    const id = parseGlobalId('Ci::Pipeline', args.pipelineId);
    if (id === null)
      throw new GraphQLError(`"${args.pipelineId}" does not represent an instance of Ci::Pipeline`);
    const isThis = (event: BusEvent): event is PipelineUpdated =>
      event.type === 'pipeline.updated' && event.pipelineId === id;
    const stream = eventStream(container.bus, isThis);
    try {
      for await (const event of stream) {
        const found = await graph.byId(ctx.currentUser, event.projectId, id);
        if (found) yield { ciPipelineStatusUpdated: present.presentPipeline(found) };
      }
    } finally {
      await stream.return?.();
    }
  }

  async function* jobStatusUpdates(_root: unknown, args: { jobId: string }, ctx: GraphQLContext) {
    const id = parseGlobalId('Ci::Build', args.jobId);
    if (id === null) throw new GraphQLError(`"${args.jobId}" does not represent an instance of Ci::Build`);
    const isThis = (event: BusEvent): event is JobUpdated =>
      event.type === 'job.updated' && event.jobIds.includes(id);
    const stream = eventStream(container.bus, isThis);
    try {
      for await (const _event of stream) {
        const job = await jobOf(ctx.currentUser, id);
        if (job) yield { ciJobStatusUpdated: job };
      }
    } finally {
      await stream.return?.();
    }
  }

  return {
    project: { pipeline, pipelines, job: projectJob },
    mergeRequest: { pipelines: mergeRequestPipelines, headPipeline },
    query: { ciPipelineStage },
    mutation,
    subscription: {
      ciPipelineStatusUpdated: { subscribe: pipelineStatusUpdates },
      ciJobStatusUpdated: { subscribe: jobStatusUpdates },
    },
  };
}
