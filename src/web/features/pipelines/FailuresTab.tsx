import { Button, Link } from '@primer/react';
import { Fragment, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { PipelinePageItem } from '../../../shared/api/pipelinePages';
import type { Job } from '../../../shared/api/pipelines';
import { CiTable } from './CiTable';
import { JobRunButton } from './JobActions';
import { JobLog } from './JobLog';
import { jobPage } from './pipelinePaths';
import { useJobLogTail } from './queries';

/** Lines of a failed job's log shown under its row (the end, where a failure tells why). */
const LOG_TAIL_LINES = 20;

/** GitLab's callout messages for the failure reasons a job here can end with. */
const FAILURE_MESSAGES: Record<string, string> = {
  unknown_failure: 'There is an unknown failure, please try again',
  script_failure: 'There has been a script failure. Check the job log for more information',
  api_failure: 'There has been an API failure, please try again',
  stuck_or_timeout_failure:
    'There has been a timeout failure or the job got stuck. Check your timeout limits or try again',
  runner_system_failure: 'There has been a runner system failure, please try again',
  missing_dependency_failure: 'There has been a missing dependency failure',
  job_execution_timeout: 'The script exceeded the maximum execution time set for the job',
  trace_size_exceeded: 'The job log size limit was reached',
  no_matching_runner: 'No matching runner available',
};

export const failureMessage = (job: Pick<Job, 'failure_reason'>): string =>
  FAILURE_MESSAGES[job.failure_reason ?? 'unknown_failure'] ??
  (job.failure_reason ?? 'unknown_failure').replace(/_/g, ' ');

/** The jobs of a pipeline the Failures tab lists: its current failed jobs. */
export const failedJobs = (jobs: Job[]): Job[] => jobs.filter((job) => job.status === 'failed');

/** The pipeline's Failures tab (spec 002's failures table): name, stage, failure message, actions; and the log's end. */
export function FailuresTab({
  fullPath,
  jobs,
  permissions,
}: {
  fullPath: string;
  jobs: Job[];
  permissions: PipelinePageItem['permissions'];
}) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <CiTable label="Failed jobs" columns={['Name', 'Stage', 'Failure']} error={null}>
      {jobs.map((job) => (
        <Fragment key={job.id}>
          <tr>
            <td>
              <Link as={RouterLink} to={jobPage(fullPath, job.id)}>
                {job.name}
              </Link>
            </td>
            <td>{job.stage}</td>
            <td className="ci-failure-message">{failureMessage(job)}</td>
            <td className="ci-table__actions">
              <Button
                size="small"
                aria-expanded={open === job.id}
                onClick={() => setOpen(open === job.id ? null : job.id)}
              >
                {open === job.id ? 'Hide log' : 'Show log'}
              </Button>
              <JobRunButton fullPath={fullPath} job={job} permissions={permissions} small />
            </td>
          </tr>
          {open === job.id && (
            <tr>
              <td colSpan={4}>
                <LogTail fullPath={fullPath} jobId={job.id} />
              </td>
            </tr>
          )}
        </Fragment>
      ))}
    </CiTable>
  );
}

function LogTail({ fullPath, jobId }: { fullPath: string; jobId: number }) {
  const tail = useJobLogTail(fullPath, jobId, LOG_TAIL_LINES);
  if (tail.data === undefined)
    return <p className="muted">{tail.error ? tail.error.message : 'Loading the log…'}</p>;
  return <JobLog log={tail.data} running={false} />;
}
