import type { LinkedPipeline } from '../../../../shared/api/mergeWidget';
import { DOWNSTREAM_JOBS_FETCH_ERROR } from '../../../../shared/ci/views/stageDropdown';
import { useDownstreamPipelineJobs } from './downstreamJobsQuery';
import { MiniGraphDropdown } from './MiniGraphDropdown';
import { MiniGraphJobList } from './MiniGraphJobList';

type Props = { pipeline: LinkedPipeline; onActionDone: () => void };

/** A downstream pipeline of the mini graph: its status icon opens the list of its jobs. */
export function DownstreamDropdown({ pipeline, onActionDone }: Props) {
  const words = `Downstream pipeline #${pipeline.id} of ${pipeline.project.name}: ${pipeline.status.label}`;
  const listLabel = `Jobs of downstream pipeline #${pipeline.id}`;
  return (
    <MiniGraphDropdown icon={pipeline.status.icon} title={words} label={words} listLabel={listLabel}>
      <DownstreamJobList pipeline={pipeline} listLabel={listLabel} onActionDone={onActionDone} />
    </MiniGraphDropdown>
  );
}

function DownstreamJobList({ pipeline, listLabel, onActionDone }: Props & { listLabel: string }) {
  const fullPath = pipeline.project.full_path;
  const jobs = useDownstreamPipelineJobs(fullPath, pipeline.id);
  return (
    <MiniGraphJobList
      fullPath={fullPath}
      title={`${pipeline.project.name} #${pipeline.id}`}
      listLabel={listLabel}
      jobs={jobs.data}
      fetchError={jobs.isError ? DOWNSTREAM_JOBS_FETCH_ERROR : null}
      refetch={() => void jobs.refetch()}
      onActionDone={onActionDone}
    />
  );
}
