import type { PipelineStage } from '../../../../shared/api/pipelinePages';
import { STAGE_JOBS_FETCH_ERROR } from '../../../../shared/ci/views/stageDropdown';
import { pipelineLook } from '../../../components/ciStatusLook';
import { useStageJobs } from '../queries';
import { MiniGraphDropdown } from './MiniGraphDropdown';
import { MiniGraphJobList } from './MiniGraphJobList';

type Props = {
  fullPath: string;
  pipelineId: number;
  stage: PipelineStage;
  onActionDone: () => void;
};

/**
 * A stage of the mini graph: its status icon opens the list of its jobs. The list is read, and
 * polled, only while open; closing it stops the polling and clears its search.
 */
export function StageDropdown({ fullPath, pipelineId, stage, onActionDone }: Props) {
  const look = pipelineLook(stage.status, stage.warnings);
  const words = `${stage.name}: ${look.label}`;
  return (
    <MiniGraphDropdown
      icon={look.icon}
      title={words}
      label={`Stage ${words}`}
      listLabel={`Jobs of stage ${stage.name}`}
    >
      <StageJobList
        fullPath={fullPath}
        pipelineId={pipelineId}
        stage={stage.name}
        onActionDone={onActionDone}
      />
    </MiniGraphDropdown>
  );
}

function StageJobList({
  fullPath,
  pipelineId,
  stage,
  onActionDone,
}: {
  fullPath: string;
  pipelineId: number;
  stage: string;
  onActionDone: () => void;
}) {
  const jobs = useStageJobs(fullPath, pipelineId, stage);
  return (
    <MiniGraphJobList
      fullPath={fullPath}
      title={`Stage: ${stage}`}
      listLabel={`Jobs of stage ${stage}`}
      jobs={jobs.data?.latest_statuses}
      fetchError={jobs.isError ? STAGE_JOBS_FETCH_ERROR : null}
      refetch={() => void jobs.refetch()}
      onActionDone={onActionDone}
    />
  );
}
