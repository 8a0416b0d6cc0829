import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Job } from '../../../shared/api/pipelines';
import { CiStatusIcon } from '../../components/CiStatusIcon';
import { jobLook } from '../../components/ciStatusLook';
import { JOB_NAME_ATTRIBUTE } from './LinksLayer';
import { jobPage } from './pipelinePaths';

/** A job item of the graph: a job a runner runs, or a bridge (trigger job). */
export type GraphJob = Pick<Job, 'id' | 'name' | 'stage' | 'status' | 'allow_failure'>;

/**
 * A job item: status icon and name; a failed job is marked as GitLab marks its failed group, and
 * one off the hovered job's needs chain is faded. Memoized: a hover changes only the items it fades.
 */
export const JobItem = memo(function JobItem({
  fullPath,
  job,
  faded = false,
}: {
  fullPath: string;
  job: GraphJob;
  faded?: boolean;
}) {
  const look = jobLook(job);
  const failed = look.group === 'failed' ? ' ci-job-item--failed' : '';
  return (
    <li {...{ [JOB_NAME_ATTRIBUTE]: job.name }}>
      <RouterLink
        to={jobPage(fullPath, job.id)}
        className={`ci-job-item${failed}${faded ? ' ci-job-item--faded' : ''}`}
        title={`${job.name} - ${look.label}`}
      >
        <CiStatusIcon icon={look.icon} label={look.label} />
        <span className="ci-job-item__name">{job.name}</span>
      </RouterLink>
    </li>
  );
});
