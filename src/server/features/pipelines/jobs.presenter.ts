import type { Job } from '../../../shared/api/pipelines';
import type { CiStatus } from '../../../shared/ci';
import type { Config } from '../../config';
import type { ProjectContext } from '../projects/projects.service';
import { presentCommit } from '../repository/repository.presenter';
import { presentRunner } from '../runners/runners.presenter';
import { presentUserBasic } from '../users/user.presenter';
import type { JobView } from './jobs.service';
import { presentPipelineBasic } from './pipelines.presenter';

type Urls = Pick<Config, 'externalUrl'>;

const elapsed = (from: Date | null, to: Date | null, now: Date): number | null =>
  from ? ((to ?? now).getTime() - from.getTime()) / 1000 : null;

/** GitLab's Job entity (`Entities::Ci::Job`). */
export function presentJob(view: JobView, ctx: ProjectContext, config: Urls, now: Date): Job {
  const { build } = view;
  const archive = view.artifacts.find((artifact) => artifact.fileType === 'archive');
  return {
    id: build.id,
    status: build.status as CiStatus,
    stage: build.stage,
    name: build.name,
    ref: build.ref,
    tag: build.tag,
    coverage: build.coverage === null ? null : Number(build.coverage),
    allow_failure: build.allowFailure,
    created_at: build.createdAt.toISOString(),
    started_at: build.startedAt?.toISOString() ?? null,
    finished_at: build.finishedAt?.toISOString() ?? null,
    erased_at: build.erasedAt?.toISOString() ?? null,
    duration: elapsed(build.startedAt, build.finishedAt, now),
    queued_duration: elapsed(build.queuedAt, build.startedAt, now),
    user: view.user ? presentUserBasic(view.user, config) : null,
    commit: view.commit ? presentCommit(view.commit, ctx, config) : null,
    pipeline: presentPipelineBasic(view.pipeline, ctx, config),
    ...(build.status === 'failed' ? { failure_reason: build.failureReason ?? 'unknown_failure' } : {}),
    web_url: `${config.externalUrl}/${ctx.fullPath}/-/jobs/${build.id}`,
    project: { ci_job_token_scope_enabled: false },
    ...(archive ? { artifacts_file: { filename: archive.fileName, size: archive.size } } : {}),
    artifacts: view.artifacts.map((artifact) => ({
      file_type: artifact.fileType,
      size: artifact.size,
      filename: artifact.fileName,
      file_format: artifact.fileFormat,
    })),
    runner: view.runner ? presentRunner(view.runner, now) : null,
    runner_manager: null,
    artifacts_expire_at: archive?.expireAt?.toISOString() ?? null,
    archived: false,
    tag_list: [...build.tagList].sort(),
    ...(build.status === 'scheduled' && build.scheduledAt
      ? { scheduled_at: build.scheduledAt.toISOString() }
      : {}),
  };
}
