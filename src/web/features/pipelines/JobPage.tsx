import { FileIcon } from '@primer/octicons-react';
import { Button, Flash, Heading, Link, Spinner } from '@primer/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { Job } from '../../../shared/api/pipelines';
import { ApiError } from '../../api/client';
import { LoadProblem } from '../../components/LoadProblem';
import { JOB_ERRORS } from '../../../shared/ci/views/pipelineErrors';
import { JOB_ACTION_ERRORS } from '../../../shared/ci/views/stageDropdown';
import { TimeAgo } from '../../components/TimeAgo';
import { useProjectFullPath } from '../projects/projectRoutes';
import { CiStatusBadge } from './CiStatusBadge';
import { CiStatusIcon } from '../../components/CiStatusIcon';
import { jobLook, pipelineLook } from '../../components/ciStatusLook';
import { formatDuration } from './formatDuration';
import { EraseJobButton, JobRunButton } from './JobActions';
import { JobLog } from './JobLog';
import { DelayedJobState } from './DelayedJobState';
import { useCancel } from './mutations';
import { artifactsBrowsePage, commitPage, pipelinePage, rawTracePath, refPage } from './pipelinePaths';
import { isCancelable, isSettled, pipelineKeys, usePipeline, useJob, useJobTrace } from './queries';
import './pipelines.css';

/** `{project}/-/jobs/{id}`: the job's status and details, and its log, read live while it runs. */
export function JobPage() {
  const fullPath = useProjectFullPath();
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <LoadProblem error={new ApiError(404, 'Not found')} />;
  return <JobLoader fullPath={fullPath} id={id} />;
}

function JobLoader({ fullPath, id }: { fullPath: string; id: number }) {
  const job = useJob(fullPath, id);
  if (job.isPending) return <Spinner srText="Loading job" />;
  if (!job.data) {
    const error = job.error ?? new Error('No job');
    if (error instanceof ApiError && error.status === 404) return <LoadProblem error={error} />;
    return (
      <Flash variant="danger" role="alert">
        {JOB_ERRORS.query}
      </Flash>
    );
  }
  return <JobView fullPath={fullPath} job={job.data} />;
}

function JobView({ fullPath, job }: { fullPath: string; job: Job }) {
  const running = !isSettled(job.status);
  const trace = useJobTrace(fullPath, job.id, running);
  const pipeline = usePipeline(fullPath, job.pipeline.id);
  const cancel = useCancel(fullPath, 'jobs');
  useReadLogOnceSettled(fullPath, job);
  const canCancel = (pipeline.data?.permissions.update_build ?? false) && isCancelable(job.status);
  return (
    <div className="stack">
      <header className="ci-header">
        <div className="ci-header__main">
          <div className="row">
            <CiStatusBadge look={jobLook(job)} />
            <Heading as="h1" className="ci-header__title">
              {job.name}
            </Heading>
            <span className="muted">#{job.id}</span>
          </div>
          <JobFacts fullPath={fullPath} job={job} />
        </div>
        <div className="row ci-header__actions">
          <Link href={rawTracePath(fullPath, job.id)} className="ci-raw-link">
            <FileIcon size={14} /> Show complete raw
          </Link>
          {/* GitLab's "Job artifacts" buttons, while the job has an archive to open. */}
          {job.artifacts_file && (
            <Button as={RouterLink} to={artifactsBrowsePage(fullPath, job.id)}>
              Browse
            </Button>
          )}
          {pipeline.data && (
            <>
              <JobRunButton fullPath={fullPath} job={job} permissions={pipeline.data.permissions} />
              <EraseJobButton fullPath={fullPath} job={job} permissions={pipeline.data.permissions} />
            </>
          )}
          {canCancel && (
            <Button variant="danger" onClick={() => cancel.mutate(job.id)} disabled={cancel.isPending}>
              Cancel
            </Button>
          )}
        </div>
      </header>
      {cancel.isError && (
        <Flash variant="danger" role="alert">
          {JOB_ACTION_ERRORS.cancel}
        </Flash>
      )}
      <DelayedJobState fullPath={fullPath} job={job} />
      {job.failure_reason && job.status === 'failed' && (
        <Flash variant="danger">This job failed: {job.failure_reason.replace(/_/g, ' ')}.</Flash>
      )}
      {trace.isError ? (
        <Flash variant="danger">{trace.error.message}</Flash>
      ) : trace.isPending ? (
        <Spinner srText="Loading the log" />
      ) : (
        <JobLog log={trace.data} running={running} />
      )}
    </div>
  );
}

/** Stage, pipeline, ref, commit, runner, duration and when it finished. */
function JobFacts({ fullPath, job }: { fullPath: string; job: Job }) {
  const pipeline = job.pipeline;
  const look = pipelineLook(pipeline.status);
  return (
    <dl className="ci-facts">
      <div>
        <dt>Stage</dt>
        <dd>{job.stage}</dd>
      </div>
      <div>
        <dt>Pipeline</dt>
        <dd>
          <Link as={RouterLink} to={pipelinePage(fullPath, pipeline.id)} className="ci-inline-status">
            <CiStatusIcon icon={look.icon} label={`Pipeline ${look.label}`} />#{pipeline.id}
          </Link>
        </dd>
      </div>
      <div>
        <dt>Ref</dt>
        <dd>
          <Link as={RouterLink} to={refPage(fullPath, job.ref)}>
            {job.ref}
          </Link>{' '}
          <Link as={RouterLink} to={commitPage(fullPath, pipeline.sha)} className="ci-sha">
            {pipeline.sha.slice(0, 8)}
          </Link>
        </dd>
      </div>
      <div>
        <dt>Runner</dt>
        <dd>{job.runner ? job.runner.description || `#${job.runner.id}` : 'None yet'}</dd>
      </div>
      <div>
        <dt>Duration</dt>
        <dd>{job.duration !== null ? formatDuration(job.duration) : '—'}</dd>
      </div>
      {job.finished_at && (
        <div>
          <dt>Finished</dt>
          <dd>
            <TimeAgo date={job.finished_at} />
          </dd>
        </div>
      )}
    </dl>
  );
}

/** The log is read once more when the job settles: the last lines arrive with its final update. */
function useReadLogOnceSettled(fullPath: string, job: Job): void {
  const queryClient = useQueryClient();
  const settled = isSettled(job.status);
  const wasSettled = useRef(settled);
  useEffect(() => {
    if (settled && !wasSettled.current)
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.trace(fullPath, job.id) });
    wasSettled.current = settled;
  }, [settled, fullPath, job.id, queryClient]);
}
