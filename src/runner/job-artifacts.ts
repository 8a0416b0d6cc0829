import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  collectArtifactFiles,
  covered,
  extractArchive,
  writeArchive,
  writeGzipMembers,
} from './artifacts-archive';
import type { RunnerClient } from './client';
import type { JobSpec } from './job-spec';
import type { JobTrace } from './job-trace';

type Owner = { uid: number; gid: number } | null;

const STATUS_TEXT: Record<number, string> = {
  200: '200 OK',
  201: '201 Created',
  400: '400 Bad Request',
  403: '403 Forbidden',
  404: '404 Not Found',
  413: '413 Request Entity Too Large',
};
const statusText = (status: number) => STATUS_TEXT[status] ?? (status ? String(status) : 'unreachable');

/** A directory of the runner's own (never the job's) for archives on their way. */
async function withScratch<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mergeway-artifacts-'));
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Downloads the artifacts of the jobs this one depends on into its project directory, as
 * gitlab-runner's `download_artifacts` step. False when one could not be had (the job fails).
 */
export async function downloadDependencies(
  client: RunnerClient,
  job: JobSpec,
  trace: JobTrace,
  projectDir: string,
  owner: Owner,
): Promise<boolean> {
  const dependencies = (job.dependencies ?? []).filter((dependency) => dependency.artifacts_file);
  if (dependencies.length === 0) return true;
  trace.sectionStart('download_artifacts', 'Downloading artifacts');
  try {
    return await withScratch(async (scratch) => {
      for (const dependency of dependencies) {
        trace.line(`Downloading artifacts for ${dependency.name} (${dependency.id})...`);
        const file = path.join(scratch, `${dependency.id}.zip`);
        const status = await client.downloadArtifacts(job, dependency.id, file);
        if (status !== 200) {
          trace.error(
            `ERROR: Downloading artifacts from coordinator... ${statusText(status)}  id=${dependency.id}`,
          );
          return false;
        }
        trace.line(`Downloading artifacts from coordinator... ok  id=${dependency.id} responseStatus=200 OK`);
        const { skipped } = await extractArchive(file, projectDir, owner);
        for (const name of skipped)
          trace.warn(`WARNING: ${name}: skipped, it would not stay in the project directory`);
      }
      return true;
    });
  } finally {
    trace.sectionEnd('download_artifacts');
  }
}

/**
 * Archives and uploads the job's artifacts when `artifacts:when` says so for how it ended, as
 * gitlab-runner's `upload_artifacts_on_success`/`_on_failure` steps. False when the upload failed.
 */
export async function uploadArtifacts(
  client: RunnerClient,
  job: JobSpec,
  trace: JobTrace,
  projectDir: string,
  succeeded: boolean,
): Promise<boolean> {
  const wanted = (job.artifacts ?? []).filter((artifact) => {
    const when = artifact.when ?? 'on_success';
    return when === 'always' || (when === 'on_success') === succeeded;
  });
  if (wanted.length === 0) return true;
  const section = succeeded ? 'upload_artifacts_on_success' : 'upload_artifacts_on_failure';
  trace.sectionStart(section, `Uploading artifacts for ${succeeded ? 'successful' : 'failed'} job`);
  try {
    return await withScratch(async (scratch) => {
      for (const artifact of wanted) {
        trace.line('Uploading artifacts...');
        const files = await collectArtifactFiles(projectDir, artifact.paths, artifact.exclude).catch(
          () => [],
        );
        for (const pattern of artifact.paths) {
          const matching = files.filter((file) => covered(file, [pattern])).length;
          trace.line(`${pattern}: found ${matching} matching artifact files and directories`);
        }
        if (files.length === 0) {
          trace.warn('WARNING: No files to upload');
          continue;
        }
        const type = artifact.artifact_type ?? 'archive';
        const gzip = artifact.artifact_format === 'gzip';
        const archive = path.join(scratch, gzip ? 'artifacts.gz' : 'artifacts.zip');
        await (gzip ? writeGzipMembers : writeArchive)(projectDir, files, archive);
        const name = artifact.name ?? 'artifacts';
        const status = await client.uploadArtifacts(job, archive, {
          fileName: gzip ? (name.endsWith('.gz') ? name : `${name}.gz`) : `${name}.zip`,
          expireIn: artifact.expire_in,
          type,
          format: gzip ? 'gzip' : 'zip',
        });
        if (status !== 201) {
          const reason = status === 413 ? 'too large archive' : statusText(status);
          trace.error(`ERROR: Uploading artifacts as "${type}" to coordinator... ${reason}  id=${job.id}`);
          return false;
        }
        trace.line(
          `Uploading artifacts as "${type}" to coordinator... 201 Created  id=${job.id} responseStatus=201 Created`,
        );
      }
      return true;
    });
  } finally {
    trace.sectionEnd(section);
  }
}
