import type { DownloadableArtifacts, StageJobs } from '../../../shared/api/pipelinePages';
import { jobDetailedStatus, type CiStatus } from '../../../shared/ci';
import { can, type Actor } from '../../auth/permissions';
import type { Db } from '../../db/client';
import type { ProtectedBranchesService } from '../protected-branches/protected-branches.service';
import { listPipelineArtifacts } from './artifacts.repo';
import { listCurrentBuilds, type BuildRow } from './builds.repo';
import { jobOptionsOf } from './job-options';
import type { PipelinesService } from './pipelines.service';
import { refSubject } from './ref-subject';

type Deps = {
  db: Db;
  pipelines: Pick<PipelinesService, 'get'>;
  protectedBranches: Pick<ProtectedBranchesService, 'protectionOf'>;
};

/** GitLab retries a finished job (a bridge is retried by its downstream pipeline, not here). */
const RETRYABLE: readonly string[] = ['success', 'failed', 'canceled'];

/** A path with no wildcard and no trailing slash names one file, which a link can open. */
const isSingleFile = (paths: string[] | undefined): paths is [string] =>
  paths?.length === 1 && !/[*?[\]{}]/.test(paths[0]!) && !paths[0]!.endsWith('/');

/**
 * What the mini graph's stage dropdowns and the artifacts dropdown read: a stage's current jobs,
 * each with the action this viewer may take (its confirmation message with it), and a pipeline's
 * downloadable and exposed artifacts. Both check the viewer may read the pipeline (404 otherwise).
 */
export function createPipelineDropdowns({ db, pipelines, protectedBranches }: Deps) {
  async function stageJobs(
    actor: Actor,
    fullPath: string,
    pipelineId: number,
    stage: string,
  ): Promise<StageJobs> {
    const { ctx, pipeline } = await pipelines.get(actor, fullPath, pipelineId);
    const { subject } = await refSubject(
      protectedBranches,
      ctx,
      pipeline.pipeline.ref,
      pipeline.pipeline.tag,
    );
    const canUpdate = can(actor, 'update_build', subject);
    const builds = (await listCurrentBuilds(db, pipelineId)).filter((build) => build.stage === stage);
    return {
      name: stage,
      latest_statuses: builds.map((build) => ({
        id: build.id,
        name: build.name,
        status: build.status as CiStatus,
        detailed_status: jobDetailedStatus(statusSubject(build, canUpdate), {
          basePath: '',
          jobPath: `/${ctx.fullPath}/-/jobs/${build.id}`,
        }),
      })),
    };
  }

  async function downloadableArtifacts(
    actor: Actor,
    fullPath: string,
    pipelineId: number,
  ): Promise<DownloadableArtifacts> {
    const { ctx } = await pipelines.get(actor, fullPath, pipelineId);
    const builds = new Map((await listCurrentBuilds(db, pipelineId)).map((build) => [build.id, build]));
    const archives = (await listPipelineArtifacts(db, pipelineId))
      .filter((artifact) => artifact.fileType === 'archive' && builds.has(artifact.buildId))
      .sort((a, b) => a.buildId - b.buildId);
    const api = `/api/v4/projects/${ctx.project.id}/jobs`;
    const jobPath = (id: number) => `/${ctx.fullPath}/-/jobs/${id}`;
    return {
      artifacts: archives.map((artifact) => ({
        name: `${builds.get(artifact.buildId)!.name}:archive`,
        path: `${api}/${artifact.buildId}/artifacts`,
      })),
      exposed_artifacts: archives.flatMap((artifact) => {
        const build = builds.get(artifact.buildId)!;
        const exposed = jobOptionsOf(build).artifacts;
        if (!exposed?.exposeAs) return [];
        // One file opens as itself; several paths or a folder lead to the job, whose page lists them.
        const url = isSingleFile(exposed.paths)
          ? `${api}/${build.id}/artifacts/${exposed.paths[0].replace(/^\.\//, '')}`
          : jobPath(build.id);
        return [{ text: exposed.exposeAs, url, job_name: build.name, job_path: jobPath(build.id) }];
      }),
    };
  }

  return { stageJobs, downloadableArtifacts };
}

function statusSubject(build: BuildRow, canUpdate: boolean) {
  const options = jobOptionsOf(build);
  return {
    status: build.status as CiStatus,
    allowFailure: build.allowFailure,
    when: build.when,
    retryable: RETRYABLE.includes(build.status) && options.kind !== 'bridge',
    failureReason: build.failureReason ?? undefined,
    manualConfirmation: options.manualConfirmation,
    stopsEnvironment: options.environment?.action === 'stop',
    canUpdate,
    canRead: true,
  };
}

export type PipelineDropdowns = ReturnType<typeof createPipelineDropdowns>;
