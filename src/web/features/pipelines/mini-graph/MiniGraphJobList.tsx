import { Flash, Spinner, TextInput } from '@primer/react';
import { useState } from 'react';
import type { StageJob } from '../../../../shared/api/pipelinePages';
import {
  searchStageJobs,
  stageHasSearch,
  STAGE_DROPDOWN_MAX_HEIGHT_PX,
} from '../../../../shared/ci/views/stageDropdown';
import { StageJobItem } from './StageJobItem';

type Props = {
  /** The project the jobs belong to (a downstream pipeline's may be another). */
  fullPath: string;
  /** The heading above the list ("Stage: build"). */
  title: string;
  listLabel: string;
  /** The jobs once read; undefined while loading or after a failed first read. */
  jobs: StageJob[] | undefined;
  /** The alert of a failed read (spec 002 section 8), or null. */
  fetchError: string | null;
  /** Read the jobs again after an action on one of them. */
  refetch: () => void;
  onActionDone: () => void;
};

/**
 * The open list of a mini graph dropdown: its jobs with their actions, a search box above 12 jobs,
 * at most 310 px tall, and the alert of an action that failed.
 */
export function MiniGraphJobList({
  fullPath,
  title,
  listLabel,
  jobs,
  fetchError,
  refetch,
  onActionDone,
}: Props) {
  const [search, setSearch] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  if (fetchError && !jobs)
    return (
      <div className="ci-stage-dropdown">
        <Flash variant="danger" role="alert">
          {fetchError}
        </Flash>
      </div>
    );
  if (!jobs)
    return (
      <div className="ci-stage-dropdown ci-stage-dropdown--loading">
        <Spinner size="small" srText={null} /> <span>Loading</span>
      </div>
    );
  const shown = searchStageJobs(jobs, search);
  return (
    <div className="ci-stage-dropdown">
      <p className="ci-stage-dropdown__title">{title}</p>
      {stageHasSearch(jobs.length) && (
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
        aria-label={listLabel}
        style={{ maxHeight: STAGE_DROPDOWN_MAX_HEIGHT_PX }}
      >
        {shown.map((job) => (
          <StageJobItem
            key={job.id}
            fullPath={fullPath}
            job={job}
            onError={setActionError}
            onActionDone={() => {
              refetch();
              onActionDone();
            }}
          />
        ))}
      </ul>
      {shown.length === 0 && <p className="ci-stage-dropdown__empty">No matching results</p>}
    </div>
  );
}
