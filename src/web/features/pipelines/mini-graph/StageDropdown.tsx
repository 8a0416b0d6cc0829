import { AnchoredOverlay, Flash, Spinner, TextInput } from '@primer/react';
import { useRef, useState } from 'react';
import type { PipelineStage } from '../../../../shared/api/pipelinePages';
import {
  searchStageJobs,
  stageHasSearch,
  STAGE_DROPDOWN_MAX_HEIGHT_PX,
  STAGE_JOBS_FETCH_ERROR,
} from '../../../../shared/ci/views/stageDropdown';
import { CiStatusIcon } from '../../../components/CiStatusIcon';
import { pipelineLook } from '../../../components/ciStatusLook';
import { useStageJobs } from '../queries';
import { StageJobItem } from './StageJobItem';

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
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const look = pipelineLook(stage.status, stage.warnings);
  const words = `${stage.name}: ${look.label}`;
  return (
    <>
      <button
        ref={anchor}
        type="button"
        className="ci-mini-graph__stage"
        title={words}
        aria-label={`Stage ${words}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
      >
        <CiStatusIcon icon={look.icon} size={20} />
      </button>
      {open && (
        <AnchoredOverlay
          open
          renderAnchor={null}
          anchorRef={anchor}
          onClose={() => setOpen(false)}
          overlayProps={{ role: 'dialog', 'aria-label': `Jobs of stage ${stage.name}` }}
          focusZoneSettings={{ disabled: true }}
        >
          <StageJobList
            fullPath={fullPath}
            pipelineId={pipelineId}
            stage={stage.name}
            onActionDone={onActionDone}
          />
        </AnchoredOverlay>
      )}
    </>
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
  const [search, setSearch] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  if (jobs.isError && !jobs.data)
    return (
      <div className="ci-stage-dropdown">
        <Flash variant="danger" role="alert">
          {STAGE_JOBS_FETCH_ERROR}
        </Flash>
      </div>
    );
  if (!jobs.data)
    return (
      <div className="ci-stage-dropdown ci-stage-dropdown--loading">
        <Spinner size="small" srText={null} /> <span>Loading</span>
      </div>
    );
  const all = jobs.data.latest_statuses;
  const shown = searchStageJobs(all, search);
  return (
    <div className="ci-stage-dropdown">
      <p className="ci-stage-dropdown__title">Stage: {stage}</p>
      {stageHasSearch(all.length) && (
        <TextInput
          aria-label="Search jobs"
          placeholder="Search jobs"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          size="small"
          block
          autoFocus
        />
      )}
      {actionError && (
        <Flash variant="danger" role="alert">
          {actionError}
        </Flash>
      )}
      <ul
        className="ci-stage-dropdown__jobs"
        aria-label={`Jobs of stage ${stage}`}
        style={{ maxHeight: STAGE_DROPDOWN_MAX_HEIGHT_PX }}
      >
        {shown.map((job) => (
          <StageJobItem
            key={job.id}
            fullPath={fullPath}
            job={job}
            onError={setActionError}
            onActionDone={() => {
              void jobs.refetch();
              onActionDone();
            }}
          />
        ))}
      </ul>
      {shown.length === 0 && <p className="ci-stage-dropdown__empty">No matching results</p>}
    </div>
  );
}
