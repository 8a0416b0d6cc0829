import type { Pipeline, PipelineBasic } from '../../../shared/api/pipelines';
import { pipelineDetailedStatus, type CiStatus } from '../../../shared/ci';
import type { Config } from '../../config';
import type { ProjectContext } from '../projects/projects.service';
import { presentUserBasic } from '../users/user.presenter';
import type { PipelineRow } from './pipelines.repo';
import type { PipelineView } from './pipelines.service';

type Urls = Pick<Config, 'externalUrl'>;

export const pipelinePath = (ctx: Pick<ProjectContext, 'fullPath'>, id: number) =>
  `/${ctx.fullPath}/-/pipelines/${id}`;

const seconds = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / 1000);

/** GitLab's PipelineBasic. */
export function presentPipelineBasic(
  pipeline: PipelineRow,
  ctx: Pick<ProjectContext, 'fullPath'>,
  config: Urls,
): PipelineBasic {
  return {
    id: pipeline.id,
    iid: pipeline.iid,
    project_id: pipeline.projectId,
    sha: pipeline.sha,
    ref: pipeline.ref,
    status: pipeline.status as CiStatus,
    source: pipeline.source,
    created_at: pipeline.createdAt.toISOString(),
    updated_at: pipeline.updatedAt.toISOString(),
    web_url: `${config.externalUrl}${pipelinePath(ctx, pipeline.id)}`,
    name: pipeline.name,
  };
}

/** GitLab's Pipeline entity. */
export function presentPipeline(
  view: PipelineView,
  ctx: Pick<ProjectContext, 'fullPath'>,
  config: Urls,
): Pipeline {
  const { pipeline } = view;
  return {
    ...presentPipelineBasic(pipeline, ctx, config),
    before_sha: pipeline.beforeSha ?? '0000000000000000000000000000000000000000',
    tag: pipeline.tag,
    yaml_errors: pipeline.yamlErrors,
    user: view.user ? presentUserBasic(view.user, config) : null,
    started_at: pipeline.startedAt?.toISOString() ?? null,
    finished_at: pipeline.finishedAt?.toISOString() ?? null,
    committed_at: pipeline.committedAt?.toISOString() ?? null,
    duration: pipeline.duration,
    queued_duration: pipeline.startedAt ? seconds(pipeline.createdAt, pipeline.startedAt) : null,
    coverage: pipeline.coverage,
    detailed_status: pipelineDetailedStatus(
      { status: pipeline.status as CiStatus, warnings: view.warnings },
      { basePath: `/${ctx.fullPath}`, pipelinePath: pipelinePath(ctx, pipeline.id) },
    ),
    archived: false,
    ...(view.sourceJob !== undefined ? { source_job: view.sourceJob } : {}),
  };
}
