import type { Db } from '../../db/client';
import { listArtifactsOf, type ArtifactRow } from './artifacts.repo';
import { listCurrentBuilds, type BuildRow } from './builds.repo';
import { jobOptionsOf } from './job-options';

/** A job whose artifacts another downloads before its script, with its live archive. */
export type Dependency = { build: BuildRow; artifact: ArtifactRow };

/**
 * The jobs whose artifacts a job gets, as GitLab chooses them: those `dependencies:` names;
 * without it, the jobs it `needs:`; without needs, every job of the stages before it.
 */
export function dependencyJobs(build: BuildRow, builds: readonly BuildRow[]): BuildRow[] {
  const named = jobOptionsOf(build).dependencies;
  const prior = builds.filter((other) => other.id !== build.id && other.stageIdx < build.stageIdx);
  if (named) return prior.filter((other) => named.includes(other.name));
  if (build.needs)
    return builds.filter((other) => other.id !== build.id && build.needs!.includes(other.name));
  return prior;
}

/** A job's dependencies that have an archive that has not expired. */
export async function dependenciesOf(db: Db, build: BuildRow, now: Date): Promise<Dependency[]> {
  const jobs = dependencyJobs(build, await listCurrentBuilds(db, build.pipelineId));
  const artifacts = await listArtifactsOf(
    db,
    jobs.map((job) => job.id),
  );
  return jobs.flatMap((job) => {
    const artifact = artifacts.find(
      (candidate) =>
        candidate.buildId === job.id &&
        candidate.fileType === 'archive' &&
        (!candidate.expireAt || candidate.expireAt > now),
    );
    return artifact ? [{ build: job, artifact }] : [];
  });
}
