import type { z } from 'zod';
import type { pipelinesPageQuery, UpstreamPipeline } from '../../../shared/api/pipelinePages';
import { compositeStatus, pipelineStages, type CiStatus, type StageStatus } from '../../../shared/ci';
import { can, type Actor } from '../../auth/permissions';
import type { Db } from '../../db/client';
import { projectSubject, type ProjectContext, type ProjectsService } from '../projects/projects.service';
import { visibleLinked } from './bridges.service';
import { findUpstreamOf } from './downstream.repo';
import type { ProtectedBranchesService } from '../protected-branches/protected-branches.service';
import { listCurrentBuilds } from './builds.repo';
import type { PipelineRecord } from './pipelines.repo';
import type { PipelinesService, PipelineView } from './pipelines.service';
import { refSubject } from './ref-subject';

type Deps = {
  db: Db;
  pipelines: Pick<PipelinesService, 'list' | 'get' | 'mayReadVariables'>;
  protectedBranches: Pick<ProtectedBranchesService, 'protectionOf'>;
  projects: Pick<ProjectsService, 'loadProject'>;
};

/** A pipeline as the web app's pages show it: with its stages and what the viewer may do to its jobs. */
export type PipelinePageView = PipelineView & {
  stages: StageStatus[];
  canUpdateBuild: boolean;
  canEraseBuild: boolean;
  canDestroy: boolean;
};

/**
 * The web app's pipeline pages: GitLab's REST list gives no stages, so the mini graph's stages are
 * composed here, one read of current jobs per pipeline, and the viewer's right to cancel is told.
 */
export function createPipelinePages({ db, pipelines, protectedBranches, projects }: Deps) {
  async function pageView(
    actor: Actor,
    ctx: ProjectContext,
    record: PipelineRecord,
  ): Promise<PipelinePageView> {
    const builds = await listCurrentBuilds(db, record.pipeline.id);
    const jobs = builds.map((build) => ({
      stage: build.stage,
      stageIdx: build.stageIdx,
      status: build.status as CiStatus,
      allowFailure: build.allowFailure,
    }));
    const { subject } = await refSubject(protectedBranches, ctx, record.pipeline.ref, record.pipeline.tag);
    return {
      ...record,
      warnings: compositeStatus(jobs).warnings,
      stages: pipelineStages(jobs),
      canUpdateBuild: can(actor, 'update_build', subject),
      // Any job's: a build subject with no starter leaves only the Maintainer's rule.
      canEraseBuild: can(actor, 'erase_build', {
        ...projectSubject(ctx),
        type: 'build',
        pushAccessLevel: subject.type === 'branch' ? subject.pushAccessLevel : null,
        userId: null,
      }),
      canDestroy: can(actor, 'destroy_pipeline', subject),
    };
  }

  async function list(actor: Actor, fullPath: string, query: z.output<typeof pipelinesPageQuery>) {
    const page = { offset: (query.page - 1) * query.per_page, limit: query.per_page };
    const { ctx, records, total } = await pipelines.list(
      actor,
      fullPath,
      {
        ref: query.ref,
        scope: query.scope,
        status: query.status,
        username: query.username,
        source: query.source,
        sha: query.sha,
        order_by: 'id',
        sort: 'desc',
      },
      page,
      query.merge_request_iid,
    );
    const views = await Promise.all(records.map((record) => pageView(actor, ctx, record)));
    return { ctx, views, total };
  }

  async function get(actor: Actor, fullPath: string, pipelineId: number) {
    const { ctx, pipeline } = await pipelines.get(actor, fullPath, pipelineId);
    const manualVariablesCount = (await pipelines.mayReadVariables(actor, ctx, pipeline.pipeline))
      ? (pipeline.pipeline.variables as unknown[]).length
      : null;
    return {
      ctx,
      view: await pageView(actor, ctx, pipeline),
      upstream: await upstreamOf(actor, pipeline),
      manualVariablesCount,
    };
  }

  /** The pipeline whose bridge made this one, when the viewer may see it. */
  async function upstreamOf(actor: Actor, view: PipelineView): Promise<UpstreamPipeline | null> {
    if (view.pipeline.sourceJobId === null) return null;
    const found = await findUpstreamOf(db, view.pipeline.sourceJobId);
    if (!found || (await visibleLinked(projects, actor, [found])).length === 0) return null;
    return {
      id: found.pipeline.id,
      iid: found.pipeline.iid,
      path: `/${found.project.fullPath}/-/pipelines/${found.pipeline.id}`,
      status: found.pipeline.status as CiStatus,
      project: { name: found.project.name, full_path: found.project.fullPath },
      source_job: found.bridge,
    };
  }

  return { list, get };
}

export type PipelinePages = ReturnType<typeof createPipelinePages>;
