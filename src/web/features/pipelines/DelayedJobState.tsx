import { Flash, Heading } from '@primer/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Job } from '../../../shared/api/pipelines';
import { DelayedCountdown, delayedUntil } from './DelayedCountdown';
import { JobActionButton } from './JobActionButton';
import { useJobDetailedStatus } from './jobStatusQueries';
import { LIVE_POLL_MS, pipelineKeys } from './queries';

/** How long after its time a delayed job is read again: the server starts it on its own clock. */
const AFTER_START_MS = 1_000;

/** GitLab's words for a delayed job (its Scheduled status's illustration). */
export const DELAYED_JOB_CONTENT =
  'This job will automatically run after its timer finishes. Often they are used for incremental ' +
  'roll-out deploys to production environments. When unscheduled it converts into a manual action.';

/**
 * The job page of a delayed job, as GitLab's empty state shows it: the time left, ticking every
 * second, what a delayed job is, and the action its detailed status offers this viewer
 * ("Unschedule job": it becomes a manual job). Nothing for any other job.
 */
export function DelayedJobState({ fullPath, job }: { fullPath: string; job: Job }) {
  const scheduledAt = delayedUntil(job);
  if (!scheduledAt) return null;
  return <DelayedJob fullPath={fullPath} job={job} scheduledAt={scheduledAt} />;
}

function DelayedJob({ fullPath, job, scheduledAt }: { fullPath: string; job: Job; scheduledAt: string }) {
  const status = useJobDetailedStatus(fullPath, job.id, job.pipeline.id);
  const [error, setError] = useState<string | null>(null);
  const action = status.data?.action;
  useReadAgainWhenDue(fullPath, job.id, scheduledAt);
  return (
    <section className="ci-job-empty-state" aria-label="Delayed job">
      <Heading as="h2" className="ci-job-empty-state__title">
        This is a delayed job to run in <DelayedCountdown scheduledAt={scheduledAt} />
      </Heading>
      <p>{DELAYED_JOB_CONTENT}</p>
      {error && (
        <Flash variant="danger" role="alert">
          {error}
        </Flash>
      )}
      {action && (
        <JobActionButton fullPath={fullPath} jobName={job.name} action={action} onError={setError} labelled />
      )}
    </section>
  );
}

/**
 * A delayed job's page polls nothing while it waits (it is settled), so once due it reads the job
 * again, every few seconds until the server has started it (which unmounts this state).
 */
function useReadAgainWhenDue(fullPath: string, jobId: number, scheduledAt: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const due = new Date(scheduledAt).getTime() - Date.now() + AFTER_START_MS;
    // setTimeout holds at most about 24.8 days; a job due later is read again on the next visit.
    if (due > 2_147_483_647) return;
    let timer: ReturnType<typeof setTimeout>;
    const readAgain = () => {
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.job(fullPath, jobId) });
      timer = setTimeout(readAgain, LIVE_POLL_MS);
    };
    timer = setTimeout(readAgain, Math.max(0, due));
    return () => clearTimeout(timer);
  }, [queryClient, fullPath, jobId, scheduledAt]);
}
