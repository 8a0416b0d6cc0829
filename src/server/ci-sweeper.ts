import type { ArtifactsService } from './features/pipelines/artifacts.service';
import type { JobsService } from './features/pipelines/jobs.service';
import type { ResourceGroupsService } from './features/pipelines/resource-groups.service';

/** How often every process looks for stuck jobs (each failing is a conditional update: safe in parallel). */
export const STUCK_SWEEP_INTERVAL_MS = 60_000;

/**
 * Fails stuck CI jobs, removes expired artifacts and hands on resources nobody handed on, every
 * minute until stopped.
 */
export function startStuckJobSweep(
  ciJobs: Pick<JobsService, 'failStuckJobs'>,
  onError: (error: unknown) => void,
  artifacts?: Pick<ArtifactsService, 'removeExpired'>,
  resourceGroups?: Pick<ResourceGroupsService, 'resumeStalled'>,
): () => void {
  const timer = setInterval(() => {
    void ciJobs.failStuckJobs().catch(onError);
    if (artifacts) void artifacts.removeExpired().catch(onError);
    if (resourceGroups) void resourceGroups.resumeStalled().catch(onError);
  }, STUCK_SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
