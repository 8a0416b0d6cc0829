import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Job } from '../../../shared/api/pipelines';
import type { DetailedStatus } from '../../../shared/ci/status/detailedStatus';
import { CiStatusIcon } from '../../components/CiStatusIcon';
import { jobLook } from '../../components/ciStatusLook';
import { JobActionButton } from './JobActionButton';
import { JOB_NAME_ATTRIBUTE } from './LinksLayer';
import { jobPage } from './pipelinePaths';

/** A job item of the graph: a job a runner runs, or a bridge (trigger job). */
export type GraphJob = Pick<Job, 'id' | 'name' | 'stage' | 'status' | 'allow_failure'>;

/**
 * Where a job item's action tells how it failed. The action reads the graph again itself (its
 * mutation invalidates the pipeline's queries), so the graph needs no other word of it.
 */
export type JobItemActions = { onActionError: (message: string) => void };

/** The part of a job's detailed status a job item shows (the server's, so actions are decided once). */
export type JobItemStatus = Pick<
  DetailedStatus,
  'icon' | 'label' | 'group' | 'tooltip' | 'details_path' | 'action'
>;

/**
 * A job item (spec 002 section 2): status icon and name with its tooltip, linking to the job, a
 * failed style for a failed group, and the action button its detailed status offers (play, retry,
 * cancel, stop, unschedule); until that status has been read, the job's own status shows, with no
 * action. One off the hovered job's needs chain is faded. Memoized: a hover or a poll changes only
 * the items it touches.
 */
export const JobItem = memo(function JobItem({
  fullPath,
  job,
  status,
  actions,
  faded = false,
}: {
  fullPath: string;
  job: GraphJob;
  status?: JobItemStatus;
  actions?: JobItemActions;
  faded?: boolean;
}) {
  const look: JobItemStatus = status ?? ownLook(job);
  const failed = look.group === 'failed' ? ' ci-job-item--failed' : '';
  const action = actions && look.action;
  return (
    <li {...{ [JOB_NAME_ATTRIBUTE]: job.name }}>
      <div className={`ci-job-item${failed}${faded ? ' ci-job-item--faded' : ''}`} data-status={look.group}>
        <RouterLink
          to={look.details_path ?? jobPage(fullPath, job.id)}
          className="ci-job-item__link"
          title={`${job.name} - ${look.tooltip}`}
        >
          <CiStatusIcon icon={look.icon} label={look.label} />
          <span className="ci-job-item__name">{job.name}</span>
        </RouterLink>
        {action && actions && (
          <JobActionButton
            fullPath={fullPath}
            jobName={job.name}
            action={action}
            onError={actions.onActionError}
          />
        )}
      </div>
    </li>
  );
});

function ownLook(job: GraphJob): JobItemStatus {
  const look = jobLook(job);
  return { ...look, tooltip: look.label, details_path: null };
}
