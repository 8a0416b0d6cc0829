import { Link as RouterLink } from 'react-router';
import type { StageJob } from '../../../../shared/api/pipelinePages';
import { PIPELINE_STATUS_ICON_SIZE } from '../../../../shared/ci/views/stageDropdown';
import { CiStatusIcon } from '../../../components/CiStatusIcon';
import { JobActionButton } from '../JobActionButton';

type Props = {
  fullPath: string;
  job: StageJob;
  /** Told after an action ran, whatever its outcome: the pipeline around the list moved. */
  onActionDone: () => void;
  /** Told of an action that failed, in the spec's words for it. */
  onError: (message: string) => void;
};

/**
 * A job in a stage dropdown (spec 002 section 2): its status icon and name linking to its page,
 * a failed style for a failed group, and its action button (confirmation, loading state and
 * errors are the JobActionButton's).
 */
export function StageJobItem({ fullPath, job, onActionDone, onError }: Props) {
  const status = job.detailed_status;
  const tooltip = `${job.name} - ${status.tooltip}`;
  const failed = status.group === 'failed';
  const name = (
    <>
      <CiStatusIcon icon={status.icon} size={PIPELINE_STATUS_ICON_SIZE} />
      <span className="ci-stage-job__name">{job.name}</span>
    </>
  );
  return (
    <li className={`ci-stage-job${failed ? ' ci-stage-job--failed' : ''}`} data-status={status.group}>
      {status.details_path ? (
        <RouterLink to={status.details_path} className="ci-stage-job__link" title={tooltip}>
          {name}
        </RouterLink>
      ) : (
        <span className="ci-stage-job__link" title={tooltip}>
          {name}
        </span>
      )}
      {status.action && (
        <JobActionButton
          fullPath={fullPath}
          jobName={job.name}
          action={status.action}
          onActionDone={onActionDone}
          onError={onError}
        />
      )}
    </li>
  );
}
