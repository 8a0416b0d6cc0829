import type { Readable } from 'node:stream';
import { parseExpireIn } from '../../../shared/ci/duration';
import type { Actor } from '../../auth/permissions';
import { can } from '../../auth/permissions';
import { digestToken } from '../../auth/tokens';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { CurrentUser } from '../../auth/current-user';
import { AppError, ForbiddenError, NotFoundError } from '../../errors';
import type { ProtectedBranchesService } from '../protected-branches/protected-branches.service';
import { projectSubject, type ProjectsService } from '../projects/projects.service';
import type { RunnersService } from '../runners/runners.service';
import { ArtifactTooLargeError, type ArtifactStore } from './artifact-store';
import { findArchiveFile, listArchiveEntries } from './artifact-zip';
import { browseArchive } from '../../../shared/ci/artifacts/browseArchive';
import {
  deleteExpiredArtifacts,
  findArtifact,
  findLatestArtifactForRef,
  keepArtifactsOf,
  upsertArtifact,
  type ArtifactRow,
} from './artifacts.repo';
import { buildSubject } from './ref-subject';
import { findBuild, findBuildRecord, findProcessingBuildByTokenDigest } from './builds.repo';
import { testSuiteName } from '../../../shared/ci/reports/junit';
import { replaceTestReport } from './test-reports.repo';
import { readJunitUpload } from './test-reports.service';
import { authenticateRunningJob, type JobAnswer } from './runner-jobs.service';

/** GitLab's default `default_artifacts_expire_in`: artifacts without `expire_in` are kept 30 days. */
export const DEFAULT_EXPIRE_IN_SECONDS = 30 * 24 * 60 * 60;

type Deps = {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'maxArtifactsBytes'>;
  projects: Pick<ProjectsService, 'loadProject' | 'onRemoved'>;
  protectedBranches: Pick<ProtectedBranchesService, 'protectionOf'>;
  runners: Pick<RunnersService, 'heartbeat'>;
  artifactStore: ArtifactStore;
};

export type UploadOptions = { artifactType?: string; artifactFormat?: string; expireIn?: string };

/** An artifacts archive to send: its file and the name to send it as. */
export type ArtifactDownload = { stream: Readable; size: number; fileName: string };

const TOO_LARGE: JobAnswer = { status: 413, message: '413 Request Entity Too Large' };

/**
 * Job artifacts: uploaded by a runner with the job's token while it runs (one archive per type,
 * past `MAX_ARTIFACTS_SIZE_MB` refused with 413), downloaded by a later job of the same pipeline
 * (its dependencies) with its own token, and by people who may read the project's pipelines, whole
 * or one file at a time; removed when `expire_in` has passed.
 */
export function createArtifactsService(deps: Deps) {
  const { db, clock, config, projects, protectedBranches, runners, artifactStore } = deps;
  projects.onRemoved((projectId) => artifactStore.removeProject(projectId));
  function expiry(expireIn: string | undefined): Date | null {
    const seconds = expireIn ? parseExpireIn(expireIn) : DEFAULT_EXPIRE_IN_SECONDS;
    if (seconds === 'never') return null;
    return new Date(clock.now().getTime() + (seconds ?? DEFAULT_EXPIRE_IN_SECONDS) * 1000);
  }

  /** `POST /jobs/:id/artifacts`: the archive is stored, then recorded (replacing an earlier upload). */
  async function upload(
    jobId: number,
    token: string | undefined,
    file: { stream: Readable; fileName: string } | null,
    options: UploadOptions,
    declaredBytes: number | null,
  ): Promise<JobAnswer> {
    const build = await authenticateRunningJob({ db, runners }, jobId, token);
    if (!('id' in build)) return build;
    if (declaredBytes !== null && declaredBytes > config.maxArtifactsBytes) return TOO_LARGE;
    if (!file) return { status: 400, message: '400 Bad request - file is missing' };
    let saved;
    try {
      saved = await artifactStore.save(build.projectId, build.id, file.stream, config.maxArtifactsBytes);
    } catch (error) {
      if (error instanceof ArtifactTooLargeError) return TOO_LARGE;
      throw error;
    }
    const fileType = options.artifactType ?? 'archive';
    const fileFormat = options.artifactFormat ?? 'zip';
    // Reports are parsed once, here: one that cannot be read is refused whole, nothing kept.
    const junit =
      fileType === 'junit' ? await readJunitUpload(artifactStore.fileOf(saved.path), fileFormat) : null;
    if (junit && !junit.ok) {
      await artifactStore.remove(saved.path);
      return { status: 400, message: `400 Bad request - ${junit.error}` };
    }
    const replaced = await db.transaction(async (tx) => {
      const previous = await upsertArtifact(tx, {
        buildId: build.id,
        projectId: build.projectId,
        fileType,
        fileFormat,
        fileName: file.fileName || 'artifacts.zip',
        path: saved.path,
        size: saved.size,
        sha256: saved.sha256,
        expireAt: expiry(options.expireIn),
      });
      if (junit?.ok) {
        const suite = { buildId: build.id, pipelineId: build.pipelineId, name: testSuiteName(build.name) };
        await replaceTestReport(tx, suite, junit.cases);
      }
      return previous;
    });
    if (replaced) await artifactStore.remove(replaced.path);
    return { status: 201 };
  }

  const live = (artifact: ArtifactRow | null) =>
    artifact && (!artifact.expireAt || artifact.expireAt > clock.now()) ? artifact : null;

  function download(artifact: ArtifactRow): ArtifactDownload {
    return { stream: artifactStore.open(artifact.path), size: artifact.size, fileName: artifact.fileName };
  }

  /**
   * `GET /jobs/:id/artifacts` for a runner: the token is that of a running job of the same
   * pipeline (the job that depends on these artifacts), as GitLab authenticates a dependent job.
   */
  async function downloadForJob(
    jobId: number,
    token: string | undefined,
  ): Promise<ArtifactDownload | JobAnswer> {
    const requested = await findBuild(db, jobId);
    const asking = requested && (await authenticateDependent(requested.pipelineId, token));
    if (!requested || !asking) return { status: 403, message: '403 Forbidden' };
    const artifact = live(await findArtifact(db, requested.id));
    return artifact ? download(artifact) : { status: 404, message: '404 Not Found' };
  }

  async function authenticateDependent(pipelineId: number, token: string | undefined) {
    if (!token) return null;
    const found = await findProcessingBuildByTokenDigest(db, digestToken(token));
    if (!found) return null;
    const build = await findBuild(db, found.build.id);
    return build && build.pipelineId === pipelineId ? build : null;
  }

  async function readableProject(actor: Actor, projectRef: string) {
    const ctx = await projects.loadProject(actor, projectRef);
    if (!can(actor, 'read_pipeline', projectSubject(ctx))) throw new NotFoundError('Project');
    return ctx;
  }

  /** The job's live archive, for someone who may read the project's pipelines. */
  async function readableArtifact(actor: Actor, projectRef: string, jobId: number): Promise<ArtifactRow> {
    const ctx = await readableProject(actor, projectRef);
    const record = await findBuildRecord(db, ctx.project.id, jobId);
    if (!record) throw new NotFoundError();
    const artifact = live(await findArtifact(db, record.build.id));
    if (!artifact) throw new NotFoundError();
    return artifact;
  }

  /** `GET /projects/:id/jobs/:job_id/artifacts`: the whole archive. */
  async function downloadForUser(actor: Actor, projectRef: string, jobId: number): Promise<ArtifactDownload> {
    return download(await readableArtifact(actor, projectRef, jobId));
  }

  /** The newest successful `jobName` job's archive on `ref` (`/jobs/artifacts/:ref_name/...?job=`). */
  async function latestForRef(actor: Actor, projectRef: string, ref: string, jobName: string) {
    const ctx = await readableProject(actor, projectRef);
    const found = await findLatestArtifactForRef(db, ctx.project.id, ref, jobName, clock.now());
    if (!found) throw new NotFoundError();
    return found.artifact;
  }

  async function downloadForRef(actor: Actor, projectRef: string, ref: string, jobName: string) {
    return download(await latestForRef(actor, projectRef, ref, jobName));
  }

  async function fileForRef(
    actor: Actor,
    projectRef: string,
    ref: string,
    jobName: string,
    filePath: string,
  ) {
    return fileOf(await latestForRef(actor, projectRef, ref, jobName), filePath);
  }

  /** `POST /jobs/:job_id/artifacts/keep`: the archive no longer expires (those who may act on the job). */
  async function keep(actor: CurrentUser, projectRef: string, jobId: number): Promise<void> {
    const ctx = await readableProject(actor, projectRef);
    const record = await findBuildRecord(db, ctx.project.id, jobId);
    if (!record) throw new NotFoundError();
    if (!can(actor, 'update_build', await buildSubject(protectedBranches, ctx, record.build)))
      throw new ForbiddenError();
    if (!live(await findArtifact(db, record.build.id))) throw new NotFoundError();
    await keepArtifactsOf(db, record.build.id);
  }

  /** `GET /projects/:id/jobs/:job_id/artifacts/*artifact_path`: one file of it, never outside it. */
  async function fileForUser(actor: Actor, projectRef: string, jobId: number, filePath: string) {
    return fileOf(await readableArtifact(actor, projectRef, jobId), filePath);
  }

  /**
   * GitLab's artifacts browser: the folders and files of one folder of the job's archive, read
   * from its central directory (nothing is extracted). 404 for a folder the archive does not have.
   */
  async function browse(actor: Actor, projectRef: string, jobId: number, folder: string) {
    const artifact = await readableArtifact(actor, projectRef, jobId);
    const entries = await listArchiveEntries(artifactStore.fileOf(artifact.path)).catch(() => {
      throw new AppError(400, '400 Bad request - the archive cannot be read');
    });
    const listed = browseArchive(entries, folder);
    if (!listed) throw new NotFoundError();
    return listed;
  }

  async function fileOf(artifact: ArtifactRow, filePath: string) {
    const found = await findArchiveFile(artifactStore.fileOf(artifact.path), filePath).catch(() => {
      throw new AppError(400, '400 Bad request - the archive cannot be read');
    });
    if (!found) throw new NotFoundError();
    return found;
  }

  /** Removes artifacts whose time has passed (their rows, then their files). */
  async function removeExpired(): Promise<number> {
    const expired = await deleteExpiredArtifacts(db, clock.now());
    for (const artifact of expired) await artifactStore.remove(artifact.path);
    return expired.length;
  }

  return {
    upload,
    downloadForJob,
    downloadForUser,
    fileForUser,
    browse,
    downloadForRef,
    fileForRef,
    keep,
    removeExpired,
  };
}

export type ArtifactsService = ReturnType<typeof createArtifactsService>;
