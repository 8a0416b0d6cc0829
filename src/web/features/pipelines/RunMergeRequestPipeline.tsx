import { Button, Flash } from '@primer/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RUN_PIPELINE_FAILED, RUN_PIPELINE_FORBIDDEN } from '../../../shared/merge-widget/messages';
import { ApiError, request } from '../../api/client';
import { mergeRequestsApi } from '../../lib/mergeRequests';
import { CREATING_PIPELINE } from '../../../shared/ci/views/pipelineErrors';
import { readPipelinesAgain } from './queries';

/** Where GitLab's "Learn more" of a failed run leads: merge request pipelines. */
const MERGE_REQUEST_PIPELINES_HELP = 'https://docs.gitlab.com/ci/pipelines/merge_request_pipelines/';

/** The alert of a run that failed: a 403 is the permission message (spec 000 sections 6 and 8). */
export const runPipelineError = (error: unknown): string =>
  error instanceof ApiError && error.status === 403 ? RUN_PIPELINE_FORBIDDEN : RUN_PIPELINE_FAILED;

/**
 * "Run pipeline" of a merge request (its widget, its Pipelines tab): `POST
 * /projects/:id/merge_requests/:iid/pipelines` makes a new merge request pipeline; a failure shows
 * GitLab's alert with its learn-more link; "Creating pipeline." shows until it answers. `onRan` refreshes what shows the new pipeline.
 */
export function RunMergeRequestPipeline({
  fullPath,
  iid,
  onRan,
}: {
  fullPath: string;
  iid: number;
  onRan?: () => void;
}) {
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: () =>
      request<{ id: number }>(`${mergeRequestsApi(fullPath)}/${iid}/pipelines`, { method: 'POST' }),
    // Pending until the lists show the new pipeline: "Creating pipeline." stays up till then.
    onSuccess: async () => {
      await readPipelinesAgain(queryClient, fullPath);
      onRan?.();
    },
  });
  return (
    <div className="stack">
      {run.isError && (
        <Flash variant="danger" role="alert">
          {runPipelineError(run.error)} <a href={MERGE_REQUEST_PIPELINES_HELP}>Learn more</a>
        </Flash>
      )}
      <div className="row">
        <Button size="small" onClick={() => run.mutate()} disabled={run.isPending}>
          Run pipeline
        </Button>
        {run.isPending && (
          <span role="status" className="muted">
            {CREATING_PIPELINE}
          </span>
        )}
      </div>
    </div>
  );
}
