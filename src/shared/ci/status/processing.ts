import type { JobWhen } from '../types';
import { COMPLETED_STATUSES, type CiStatus, compositeStatus } from './composite';

/** What the processing of a pipeline needs to know of each of its current (not retried) jobs. */
export interface ProcessedJob {
  name: string;
  stageIndex: number;
  status: CiStatus;
  when: Exclude<JobWhen, 'never'>;
  allowFailure: boolean;
  /** Null: the job waits for the stages before it; a list (maybe empty): only for these jobs. */
  needs: readonly string[] | null;
  /** `when: delayed` with a `start_in`. */
  startIn?: string;
  /** The job has a `resource_group`: it waits for the group's resource before it is pending. */
  resourceGroup?: boolean;
}

export type Transition = {
  name: string;
  to: 'pending' | 'waiting_for_resource' | 'manual' | 'scheduled' | 'skipped';
};

/**
 * GitLab's atomic pipeline processing as a pure step: each `created` job whose stage predecessors
 * (or needs) have all completed moves on. Valid previous statuses are `success` (and `skipped`
 * in stage order) for on_success, manual and delayed jobs; `failed` for on_failure; any for
 * always. A job that may move becomes pending, manual (it waits to be played) or scheduled
 * (delayed); one that may not is skipped. A blocking manual job keeps later stages waiting.
 * The server applies the transitions and calls this again until it returns none.
 */
export function nextTransitions(jobs: readonly ProcessedJob[]): Transition[] {
  const status = new Map(jobs.map((job) => [job.name, job]));
  const transitions: Transition[] = [];
  const ordered = [...jobs].sort((a, b) => a.stageIndex - b.stageIndex);
  for (const job of ordered) {
    if (job.status !== 'created') continue;
    const previous = previousStatus(job, jobs, status);
    if (!(COMPLETED_STATUSES as readonly string[]).includes(previous)) continue;
    const to = process(job, previous);
    transitions.push({ name: job.name, to });
    // Later jobs in this same pass see this job's new status, as GitLab's collection does.
    status.set(job.name, { ...job, status: to });
  }
  return transitions;
}

function previousStatus(
  job: ProcessedJob,
  jobs: readonly ProcessedJob[],
  current: ReadonlyMap<string, ProcessedJob>,
): CiStatus {
  if (job.needs !== null) {
    const needed = job.needs.flatMap((name) => current.get(name) ?? []);
    return compositeStatus(needed, { dag: true }).status ?? 'success';
  }
  const prior = jobs
    .filter((other) => other.stageIndex < job.stageIndex)
    .map((other) => current.get(other.name)!);
  return compositeStatus(prior).status ?? 'success';
}

function process(job: ProcessedJob, previous: CiStatus): Transition['to'] {
  const valid: readonly CiStatus[] =
    job.when === 'on_failure'
      ? ['failed']
      : job.when === 'always'
        ? ['success', 'failed', 'skipped']
        : job.needs !== null
          ? ['success']
          : ['success', 'skipped'];
  if (!valid.includes(previous)) return 'skipped';
  if (job.when === 'delayed' && job.startIn) return 'scheduled';
  if (job.when === 'manual' || job.when === 'delayed') return 'manual';
  return enqueueTarget(job);
}

/**
 * Where a job goes when it is enqueued (processed on, played, or its delay over): GitLab's
 * `enqueue` sends a job with a resource group to `waiting_for_resource` first.
 */
export const enqueueTarget = (job: { resourceGroup?: boolean }): 'pending' | 'waiting_for_resource' =>
  job.resourceGroup ? 'waiting_for_resource' : 'pending';

/** The status of a pipeline from its current jobs (GitLab's `status_of_all`). */
export const pipelineStatus = (jobs: ReadonlyArray<{ status: CiStatus; allowFailure: boolean }>): CiStatus =>
  compositeStatus(jobs).status ?? 'skipped';
