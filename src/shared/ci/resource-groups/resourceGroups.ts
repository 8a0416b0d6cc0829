import { assertNever } from '../../lib/assertNever';
import type { CiStatus } from '../status/composite';

/** GitLab's resource group process modes (`Ci::ResourceGroup#process_mode`). */
export const PROCESS_MODES = ['unordered', 'oldest_first', 'newest_first', 'newest_ready_first'] as const;
export type ProcessMode = (typeof PROCESS_MODES)[number];

/** A job of the group that has not run yet, in any pipeline of the project. */
export interface ResourceCandidate {
  id: number;
  pipelineId: number;
  status: CiStatus;
}

/** Jobs that will want the resource: waiting ones, and those not yet that far (`waiting_for_resource_or_upcoming`). */
const UPCOMING: readonly CiStatus[] = ['created', 'scheduled', 'waiting_for_resource'];

/**
 * GitLab's `upcoming_processables`: the group's jobs in the order they get its resource. Unordered
 * and newest-ready-first list only waiting jobs; oldest- and newest-first also list jobs of their
 * pipelines still to come, so a pipeline's turn is kept for it until its job gets there.
 * Within a pipeline a waiting job goes before one still to come (GitLab does not order a
 * pipeline's own jobs, to avoid deadlocks between them).
 */
export function upcomingJobs(mode: ProcessMode, jobs: readonly ResourceCandidate[]): ResourceCandidate[] {
  const waiting = jobs.filter((job) => job.status === 'waiting_for_resource');
  const upcoming = jobs.filter((job) => UPCOMING.includes(job.status));
  const byStatus = (a: ResourceCandidate, b: ResourceCandidate) =>
    Number(a.status !== 'waiting_for_resource') - Number(b.status !== 'waiting_for_resource') || a.id - b.id;
  switch (mode) {
    case 'unordered':
      return [...waiting].sort((a, b) => a.id - b.id);
    case 'oldest_first':
      return [...upcoming].sort((a, b) => a.pipelineId - b.pipelineId || byStatus(a, b));
    case 'newest_first':
      return [...upcoming].sort((a, b) => b.pipelineId - a.pipelineId || byStatus(a, b));
    case 'newest_ready_first':
      return [...waiting].sort((a, b) => b.pipelineId - a.pipelineId || a.id - b.id);
    default:
      return assertNever(mode);
  }
}

/**
 * Which job takes the group's one free resource (`AssignResourceFromResourceGroupService`): the
 * first upcoming job, if it is waiting for it. Null when none is, or when the first is still to
 * come (oldest- or newest-first keep the resource free for it).
 */
export function nextResourceHolder(
  mode: ProcessMode,
  jobs: readonly ResourceCandidate[],
): ResourceCandidate | null {
  const [first] = upcomingJobs(mode, jobs);
  return first?.status === 'waiting_for_resource' ? first : null;
}
