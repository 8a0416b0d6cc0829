import { Button, ConfirmationDialog, Flash, VisuallyHidden } from '@primer/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CiStatus } from '../../../shared/ci';
import type { Job } from '../../../shared/api/pipelines';
import type { PipelinePageItem } from '../../../shared/api/pipelinePages';
import { JOB_ERRORS } from '../../../shared/ci/views/pipelineErrors';
import { useJobAction } from './mutations';
import { jobPage } from './pipelinePaths';
import { isSettled } from './queries';

/** GitLab retries a finished job (a new job); a manual one is played instead. */
const RETRYABLE: readonly CiStatus[] = ['failed', 'canceled', 'success'];
export const isRetryable = (status: CiStatus): boolean => RETRYABLE.includes(status);

type Permissions = PipelinePageItem['permissions'];

/** Play or Retry for one job, for those allowed; after a retry the new job is opened. */
export function JobRunButton({
  fullPath,
  job,
  permissions,
  small = false,
}: {
  fullPath: string;
  job: Job;
  permissions: Permissions;
  small?: boolean;
}) {
  const navigate = useNavigate();
  const play = useJobAction(fullPath, 'play');
  const retry = useJobAction(fullPath, 'retry');
  if (!permissions.update_build) return null;
  const size = small ? 'small' : 'medium';
  const failed = play.isError || retry.isError;
  const button =
    job.status === 'manual' ? (
      <Button size={size} onClick={() => play.mutate(job.id)} disabled={play.isPending}>
        Run<VisuallyHidden> {job.name}</VisuallyHidden>
      </Button>
    ) : isRetryable(job.status) ? (
      <Button
        size={size}
        onClick={() =>
          retry.mutate(job.id, { onSuccess: (created) => void navigate(jobPage(fullPath, created.id)) })
        }
        disabled={retry.isPending}
      >
        Retry<VisuallyHidden> {job.name}</VisuallyHidden>
      </Button>
    ) : null;
  if (!button) return null;
  return (
    <>
      {button}
      {failed && (
        <Flash variant="danger" role="alert" className="ci-action-error">
          {JOB_ERRORS.mutation}
        </Flash>
      )}
    </>
  );
}

/** Erase, on the job page: removes the log and artifacts after a confirmation. */
export function EraseJobButton({
  fullPath,
  job,
  permissions,
}: {
  fullPath: string;
  job: Job;
  permissions: Permissions;
}) {
  const erase = useJobAction(fullPath, 'erase');
  const [confirming, setConfirming] = useState(false);
  if (!permissions.erase_build || !isSettled(job.status) || job.erased_at) return null;
  return (
    <>
      <Button variant="danger" onClick={() => setConfirming(true)} disabled={erase.isPending}>
        Erase job log and artifacts
      </Button>
      {erase.isError && (
        <Flash variant="danger" role="alert" className="ci-action-error">
          {erase.error.message}
        </Flash>
      )}
      {confirming && (
        <ConfirmationDialog
          title="Erase job log and artifacts?"
          confirmButtonContent="Erase"
          confirmButtonType="danger"
          onClose={(gesture) => {
            setConfirming(false);
            if (gesture === 'confirm') erase.mutate(job.id);
          }}
        >
          Are you sure you want to erase this job log and artifacts? This cannot be undone.
        </ConfirmationDialog>
      )}
    </>
  );
}
