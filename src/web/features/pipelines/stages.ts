import type { Job } from '../../../shared/api/pipelines';
import { compositeStatus, type CiStatus } from '../../../shared/ci/status/composite';

/** The fields of a job the graph and the tables read. */
export type JobSummary = Pick<Job, 'id' | 'name' | 'stage' | 'status' | 'allow_failure'>;

/** A stage of a pipeline as the graphs draw it: its composed status and its jobs. */
export type Stage<J extends JobSummary = JobSummary> = {
  name: string;
  status: CiStatus;
  /** An allowed failure made it pass "with warnings". */
  warnings: boolean;
  jobs: J[];
};

/**
 * A pipeline's jobs, each name at its latest attempt (a retry is a new job with a higher id),
 * grouped by stage in the pipeline's order. Jobs are created stage by stage, so the order in which
 * stages first appear among all jobs, retried ones included, is the configuration's.
 */
export function stagesOf<J extends JobSummary>(jobs: readonly J[]): Stage<J>[] {
  const byId = [...jobs].sort((a, b) => a.id - b.id);
  const latest = new Map<string, J>();
  for (const job of byId) latest.set(job.name, job);
  const stages = new Map<string, J[]>();
  for (const job of byId) {
    if (!stages.has(job.stage)) stages.set(job.stage, []);
    if (latest.get(job.name) === job) stages.get(job.stage)!.push(job);
  }
  return [...stages]
    .filter(([, stageJobs]) => stageJobs.length > 0)
    .map(([name, stageJobs]) => {
      const composed = compositeStatus(
        stageJobs.map((job) => ({ status: job.status, allowFailure: job.allow_failure })),
      );
      return { name, status: composed.status ?? 'skipped', warnings: composed.warnings, jobs: stageJobs };
    });
}
