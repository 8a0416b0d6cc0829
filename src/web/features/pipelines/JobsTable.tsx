import { Button, Link, VisuallyHidden } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import type { Job } from '../../../shared/api/pipelines';
import { TimeAgo } from '../../components/TimeAgo';
import type { PipelinePageItem } from '../../../shared/api/pipelinePages';
import { CiStatusBadge } from './CiStatusBadge';
import { JobRunButton } from './JobActions';
import { CiTable } from './CiTable';
import { DelayedCountdown, delayedUntil } from './DelayedCountdown';
import { jobLook } from '../../components/ciStatusLook';
import { formatDuration } from './formatDuration';
import { useCancel } from './mutations';
import { jobPage } from './pipelinePaths';
import { isCancelable } from './queries';

/** The pipeline's Jobs tab: every job with its status, stage, runner, duration, and Cancel for those allowed. */
export function JobsTable({
  fullPath,
  jobs,
  permissions,
}: {
  fullPath: string;
  jobs: Job[];
  permissions: PipelinePageItem['permissions'];
}) {
  const canCancel = permissions.update_build;
  const cancel = useCancel(fullPath, 'jobs');
  return (
    <CiTable label="Jobs" columns={['Status', 'Job', 'Stage', 'Runner', 'Duration']} error={cancel.error}>
      {jobs.map((job) => (
        <tr key={job.id}>
          <td>
            <CiStatusBadge look={jobLook(job)} to={jobPage(fullPath, job.id)} />
          </td>
          <td>
            <Link as={RouterLink} to={jobPage(fullPath, job.id)}>
              {job.name}
            </Link>{' '}
            <span className="muted">#{job.id}</span>
          </td>
          <td>{job.stage}</td>
          <td className="muted">{job.runner ? job.runner.description || `#${job.runner.id}` : '—'}</td>
          <td className="muted">
            {delayedUntil(job) && <DelayedCountdown scheduledAt={delayedUntil(job)!} />}
            {job.duration !== null && <div>{formatDuration(job.duration)}</div>}
            {job.duration !== null && job.finished_at && <TimeAgo date={job.finished_at} />}
          </td>
          <td className="ci-table__actions">
            <JobRunButton fullPath={fullPath} job={job} permissions={permissions} small />
            {canCancel && isCancelable(job.status) && (
              <Button
                size="small"
                onClick={() => cancel.mutate(job.id)}
                disabled={cancel.isPending && cancel.variables === job.id}
              >
                Cancel<VisuallyHidden> {job.name}</VisuallyHidden>
              </Button>
            )}
          </td>
        </tr>
      ))}
    </CiTable>
  );
}
