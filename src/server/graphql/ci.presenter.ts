import {
  compositeStatus,
  jobDetailedStatus,
  pipelineDetailedStatus,
  stageDetailedStatus,
  type CiStatus,
  type DetailedStatus,
} from '../../shared/ci';
import { ACTIVE_STATUSES, COMPLETED_STATUSES } from '../../shared/ci/status/composite';
import { mergeRequestEventType } from '../../shared/ci/pipeline/mergeRequestEventType';
import type { JobGroup } from '../../shared/ci/status/groups';
import { jobOptionsOf } from '../features/pipelines/job-options';
import {
  graphStages,
  isCancelable,
  isRetryable,
  jobStatusSubject,
  scheduledAtOf,
  type GraphBuild,
  type GraphPipeline,
  type GraphStage,
} from '../features/pipelines/pipeline-graph.service';
import { pipelinePath } from '../features/pipelines/pipelines.presenter';
import { toGlobalId } from './global-id';
import { presentProject } from './project.presenter';
import { presentUserCore } from './user-core';

type Env = { externalUrl: string; now: () => Date };

/** GitLab's ETag key of a pipeline's graph query (`graphql_etag_pipeline_path`). */
export const pipelineGraphqlEtag = (pipelineId: number) => `/api/graphql:pipelines/id/${pipelineId}`;

const iso = (date: Date | null) => date?.toISOString() ?? null;
const upper = (status: string) => status.toUpperCase();
const seconds = (from: Date | null, to: Date | null) =>
  from && to ? (to.getTime() - from.getTime()) / 1000 : null;

/** A detailed status in GraphQL's names; `key` makes its id (GitLab's `{status}-{subject id}`). */
export function presentDetailedStatus(status: DetailedStatus, key: string) {
  const action = status.action;
  return {
    id: `${status.group}-${key}`,
    action: action
      ? {
          id: `${action.icon}-${key}`,
          buttonTitle: action.button_title,
          confirmationMessage: action.confirmation_message ?? null,
          icon: action.icon,
          method: action.method,
          path: action.path,
          title: action.title,
        }
      : null,
    deploymentDetailsPath: null,
    detailsPath: status.details_path,
    favicon: status.favicon,
    group: status.group,
    hasDetails: status.has_details,
    icon: status.icon,
    label: status.label,
    name: status.group.replace(/-/g, '_').toUpperCase(),
    text: status.text,
    tooltip: status.tooltip,
  };
}

const jobGlobalId = (build: GraphBuild) =>
  toGlobalId(jobOptionsOf(build).kind === 'bridge' ? 'Ci::Bridge' : 'Ci::Build', build.id);

const connection = <T>(nodes: T[]) => ({ count: nodes.length, nodes });
const limited = <T>(items: T[], first: number | null | undefined) =>
  first != null && first >= 0 ? items.slice(0, first) : items;

const current = (builds: GraphBuild[]) => builds.filter((build) => !build.retried);

type JobFilters = {
  statuses?: string[] | null;
  retried?: boolean | null;
  jobKind?: string | null;
  first?: number | null;
};

/**
 * The pipeline graph in GitLab's GraphQL shapes. Fields that read the pipeline's jobs are
 * functions, resolved only when a query asks for them, and every job is read once per pipeline.
 */
export function createCiPresenter(env: Env) {
  const paths = (pipeline: GraphPipeline) => ({
    basePath: `/${pipeline.ctx.fullPath}`,
    pipelinePath: pipelinePath(pipeline.ctx, pipeline.pipeline.id),
  });
  const jobPath = (pipeline: GraphPipeline, id: number) => `/${pipeline.ctx.fullPath}/-/jobs/${id}`;

  function presentJob(pipeline: GraphPipeline, build: GraphBuild) {
    const options = jobOptionsOf(build);
    const status = build.status as CiStatus;
    const manual = build.when === 'manual' || build.when === 'delayed';
    const dag = build.needs !== null;
    // A need's id is the needed job's: GitLab's graph query selects CiBuildNeed and CiJob ids
    // side by side, so both are JobIDs.
    const needNodes = async () => {
      const byName = new Map(current(await pipeline.builds()).map((job) => [job.name, job]));
      return (build.needs ?? []).map((name) => {
        const needed = byName.get(name);
        return { __typename: 'CiBuildNeed', id: needed ? jobGlobalId(needed) : null, name };
      });
    };
    return {
      __typename: 'CiJob',
      id: jobGlobalId(build),
      name: build.name,
      kind: options.kind === 'bridge' ? 'BRIDGE' : 'BUILD',
      status: upper(status),
      detailedStatus: () =>
        presentDetailedStatus(
          jobDetailedStatus(jobStatusSubject(build, pipeline.canUpdate, env.now()), {
            basePath: paths(pipeline).basePath,
            jobPath: jobPath(pipeline, build.id),
          }),
          String(build.id),
        ),
      scheduled: status === 'scheduled',
      scheduledAt: iso(scheduledAtOf(build)),
      stage: async () => {
        const stage = graphStages(await pipeline.builds()).find(
          (each) => each.jobs[0]!.stageIdx === build.stageIdx,
        );
        return stage ? presentStage(pipeline, stage) : null;
      },
      pipeline: () => presentPipeline(pipeline),
      needs: async () => connection(await needNodes()),
      previousStageJobsOrNeeds: async () => {
        if (dag) return connection(await needNodes());
        const before = current(await pipeline.builds()).filter((job) => job.stageIdx < build.stageIdx);
        const last = Math.max(-1, ...before.map((job) => job.stageIdx));
        return connection(
          before.filter((job) => job.stageIdx === last).map((job) => presentJob(pipeline, job)),
        );
      },
      allowFailure: build.allowFailure,
      active: (ACTIVE_STATUSES as readonly string[]).includes(status),
      cancelable: isCancelable(build),
      manualJob: manual,
      playable:
        options.kind !== 'bridge' &&
        manual &&
        !build.retried &&
        (status === 'manual' || status === 'scheduled' || isRetryable(build)),
      retryable: isRetryable(build),
      retried: build.retried,
      refName: build.ref,
      shortSha: pipeline.pipeline.sha.slice(0, 8),
      tags: [...build.tagList].sort(),
      coverage: build.coverage === null ? null : Number(build.coverage),
      createdAt: build.createdAt.toISOString(),
      queuedAt: iso(build.queuedAt),
      startedAt: iso(build.startedAt),
      finishedAt: iso(build.finishedAt),
      erasedAt: iso(build.erasedAt),
      duration:
        build.startedAt && build.finishedAt ? Math.round(seconds(build.startedAt, build.finishedAt)!) : null,
      queuedDuration: seconds(build.queuedAt, build.startedAt),
      failureReason: status === 'failed' ? (build.failureReason ?? 'unknown_failure') : null,
      webPath: jobPath(pipeline, build.id),
      // The pipeline a bridge created, found among its pipeline's downstream ones so that a
      // graph of many bridges reads them once.
      downstreamPipeline:
        options.kind === 'bridge'
          ? async () => {
              const found = (await pipeline.downstream()).find(
                (each) => each.pipeline.sourceJobId === build.id,
              );
              return found ? presentPipeline(found) : null;
            }
          : null,
      userPermissions: {
        readBuild: true,
        readJobArtifacts: true,
        updateBuild: pipeline.canUpdate,
        cancelBuild: pipeline.canUpdate,
      },
    };
  }

  function presentGroup(
    pipeline: GraphPipeline,
    stage: GraphStage,
    group: JobGroup<GraphBuild & { status: CiStatus }>,
  ) {
    const [only] = group.jobs;
    const single = group.jobs.length === 1 && only;
    return {
      id: `${stage.id}-${group.name}`,
      name: group.name,
      size: group.jobs.length,
      detailedStatus: single
        ? () => presentJob(pipeline, only).detailedStatus()
        : presentDetailedStatus(
            stageDetailedStatus(
              {
                name: stage.name,
                status: group.status,
                warnings: group.warnings,
                hasPlayableManualJobs: false,
                canUpdate: false,
              },
              paths(pipeline),
            ),
            `${stage.id}-${group.name}`,
          ),
      jobs: connection(group.jobs.map((job) => presentJob(pipeline, job))),
    };
  }

  function presentStage(pipeline: GraphPipeline, stage: GraphStage) {
    return {
      id: toGlobalId('Ci::Stage', stage.id),
      name: stage.name,
      status: stage.status,
      detailedStatus: presentDetailedStatus(
        stageDetailedStatus(
          {
            name: stage.name,
            status: stage.status,
            warnings: stage.warnings,
            hasPlayableManualJobs: stage.hasPlayableManualJobs,
            canUpdate: pipeline.canUpdate,
          },
          paths(pipeline),
        ),
        String(stage.id),
      ),
      groups: connection(stage.groups.map((group) => presentGroup(pipeline, stage, group))),
      jobs: connection(stage.jobs.map((job) => presentJob(pipeline, job))),
    };
  }

  function presentPipeline(graph: GraphPipeline) {
    const { pipeline, ctx } = graph;
    const status = pipeline.status as CiStatus;
    const currentBuilds = async () => current(await graph.builds());
    return {
      id: toGlobalId('Ci::Pipeline', pipeline.id),
      iid: String(pipeline.iid),
      name: pipeline.name,
      status: upper(status),
      detailedStatus: async () => {
        const { warnings } = compositeStatus(
          (await currentBuilds()).map((build) => ({
            status: build.status as CiStatus,
            allowFailure: build.allowFailure,
          })),
        );
        return presentDetailedStatus(
          pipelineDetailedStatus({ status, warnings }, paths(graph)),
          String(pipeline.id),
        );
      },
      path: pipelinePath(ctx, pipeline.id),
      sha: pipeline.sha,
      shortSha: pipeline.sha.slice(0, 8),
      ref: pipeline.ref,
      source: pipeline.source,
      tag: pipeline.tag,
      createdAt: pipeline.createdAt.toISOString(),
      updatedAt: pipeline.updatedAt.toISOString(),
      startedAt: iso(pipeline.startedAt),
      finishedAt: iso(pipeline.finishedAt),
      committedAt: iso(pipeline.committedAt),
      duration: pipeline.duration,
      queuedDuration: seconds(pipeline.createdAt, pipeline.startedAt),
      coverage: pipeline.coverage === null ? null : Number(pipeline.coverage),
      yamlErrors: pipeline.yamlErrors !== null,
      yamlErrorMessages: pipeline.yamlErrors,
      failureReason: pipeline.failureReason,
      active: (ACTIVE_STATUSES as readonly string[]).includes(status),
      cancelable: !(COMPLETED_STATUSES as readonly string[]).includes(status),
      complete: (COMPLETED_STATUSES as readonly string[]).includes(status),
      retryable: async () =>
        (await currentBuilds()).some(
          (build) => ['failed', 'canceled'].includes(build.status) && jobOptionsOf(build).kind !== 'bridge',
        ),
      usesNeeds: async () => (await currentBuilds()).some((build) => build.needs !== null),
      // GraphQL's enum is named in capitals (MERGED_RESULT...); the REST API and CI variable keep GitLab's lower case.
      mergeRequestEventType: mergeRequestEventType(pipeline)?.toUpperCase() ?? null,
      graphqlResourceEtag: pipelineGraphqlEtag(pipeline.id),
      user: graph.user && presentUserCore(graph.user, env.externalUrl),
      project: presentProject(ctx, env.externalUrl),
      userPermissions: {
        adminPipeline: graph.canDestroy,
        cancelPipeline: graph.canUpdate,
        destroyPipeline: graph.canDestroy,
        updatePipeline: graph.canUpdate,
      },
      stages: async ({ first }: { first?: number | null }) => {
        const stages = graphStages(await graph.builds());
        return {
          count: stages.length,
          nodes: limited(stages, first).map((stage) => presentStage(graph, stage)),
        };
      },
      jobs: async ({ statuses, retried, jobKind, first }: JobFilters) => {
        const jobs = (await graph.builds()).filter(
          (build) =>
            (retried == null || build.retried === retried) &&
            (!statuses?.length || statuses.includes(upper(build.status))) &&
            (!jobKind || upper(jobOptionsOf(build).kind) === jobKind),
        );
        return { count: jobs.length, nodes: limited(jobs, first).map((build) => presentJob(graph, build)) };
      },
      job: async ({ id, name }: { id?: string | null; name?: string | null }) => {
        const wanted = id ? Number(/\/(\d+)$/.exec(id)?.[1]) : null;
        const found = (await graph.builds()).findLast(
          (build) => (wanted === null || build.id === wanted) && (name == null || build.name === name),
        );
        return found && (id || name) ? presentJob(graph, found) : null;
      },
      upstream: async () => {
        const found = await graph.upstream();
        return found && presentPipeline(found);
      },
      downstream: async ({ first }: { first?: number | null }) => {
        const pipelines = await graph.downstream();
        return { count: pipelines.length, nodes: limited(pipelines, first).map(presentPipeline) };
      },
      sourceJob: async () => {
        const found = await graph.sourceJob();
        return found && presentJob(found.pipeline, found.build);
      },
    };
  }

  return { presentPipeline, presentStage, presentJob };
}

export type CiPresenter = ReturnType<typeof createCiPresenter>;
