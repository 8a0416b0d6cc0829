import { Button, ConfirmationDialog, Flash } from '@primer/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PipelinePageItem } from '../../../shared/api/pipelinePages';
import { pipelineHeaderErrorText } from '../../../shared/ci/views/pipelineErrors';
import { useDeletePipeline, useRetryPipeline } from './mutations';
import { pipelinesPage } from './pipelinePaths';

/** A failed or canceled pipeline has jobs that a retry runs again. */
const hasFailedJobs = (pipeline: PipelinePageItem): boolean =>
  pipeline.status === 'failed' || pipeline.status === 'canceled';

/** The pipeline page's Retry (failed jobs) and Delete (Owners, confirmed; back to the list). */
export function PipelineActions({ fullPath, pipeline }: { fullPath: string; pipeline: PipelinePageItem }) {
  const navigate = useNavigate();
  const retry = useRetryPipeline(fullPath);
  const remove = useDeletePipeline(fullPath);
  const [confirming, setConfirming] = useState(false);
  // GitLab's header keys: a failed delete is delete_pipeline_failure, a failed retry post_failure.
  const error = remove.isError ? 'delete_pipeline_failure' : retry.isError ? 'post_failure' : null;
  return (
    <>
      {pipeline.permissions.update_build && hasFailedJobs(pipeline) && (
        <Button onClick={() => retry.mutate(pipeline.id)} disabled={retry.isPending}>
          Retry
        </Button>
      )}
      {pipeline.permissions.destroy_pipeline && (
        <Button variant="danger" onClick={() => setConfirming(true)} disabled={remove.isPending}>
          Delete
        </Button>
      )}
      {error && (
        <Flash variant="danger" role="alert" className="ci-action-error">
          {pipelineHeaderErrorText(error)}
        </Flash>
      )}
      {confirming && (
        <ConfirmationDialog
          title="Delete pipeline"
          confirmButtonContent="Delete pipeline"
          confirmButtonType="danger"
          onClose={(gesture) => {
            setConfirming(false);
            if (gesture === 'confirm')
              remove.mutate(pipeline.id, { onSuccess: () => void navigate(pipelinesPage(fullPath)) });
          }}
        >
          Are you sure you want to delete this pipeline? Doing so will expire all pipeline caches and delete
          all related objects, such as builds, logs, artifacts, and triggers. This action cannot be undone.
        </ConfirmationDialog>
      )}
    </>
  );
}
