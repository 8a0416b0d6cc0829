import { Flash, Heading } from '@primer/react';
import { useState } from 'react';
import type { Job } from '../../../shared/api/pipelines';
import { DelayedCountdown, delayedUntil } from './DelayedCountdown';
import { JobActionButton } from './JobActionButton';
import { useJobDetailedStatus } from './jobStatusQueries';

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
