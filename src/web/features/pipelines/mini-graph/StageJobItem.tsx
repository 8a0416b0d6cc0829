import { ClockIcon, PlayIcon, SquareIcon, SyncIcon, XIcon } from '@primer/octicons-react';
import { ConfirmationDialog, IconButton } from '@primer/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { StageJob } from '../../../../shared/api/pipelinePages';
import {
  jobActionConfirmation,
  JOB_ACTION_ERRORS,
  PIPELINE_STATUS_ICON_SIZE,
  stageJobActionOf,
} from '../../../../shared/ci/views/stageDropdown';
import { CiStatusIcon } from '../../../components/CiStatusIcon';
import { useJobActionAt } from '../mutations';
import { tooltipReset } from './tooltipReset';

/** GitLab's action icons by the detailed status action's icon name. */
const ACTION_ICONS = {
  play: PlayIcon,
  retry: SyncIcon,
  cancel: XIcon,
  stop: SquareIcon,
  'time-out': ClockIcon,
};

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
 * a failed style for a failed group, and its action button; an action with a confirmation message
 * asks first ("Are you sure you want to run {jobName}?"), then runs, the button loading meanwhile.
 */
export function StageJobItem({ fullPath, job, onActionDone, onError }: Props) {
  const status = job.detailed_status;
  const action = status.action;
  const run = useJobActionAt(fullPath);
  const [confirming, setConfirming] = useState(false);
  const [tooltipHidden, setTooltipHidden] = useState(false);
  const [reset] = useState(() => tooltipReset(setTooltipHidden));
  useEffect(() => () => reset.dispose(), [reset]);
  const tooltip = `${job.name} - ${status.tooltip}`;
  const failed = status.group === 'failed';
  const name = (
    <>
      <CiStatusIcon icon={status.icon} size={PIPELINE_STATUS_ICON_SIZE} />
      <span className="ci-stage-job__name">{job.name}</span>
    </>
  );

  const start = () => {
    if (!action) return;
    const kind = stageJobActionOf(action.path);
    run.mutate(action.path, {
      onError: () => onError(kind ? JOB_ACTION_ERRORS[kind] : JOB_ACTION_ERRORS.play),
      onSettled: onActionDone,
    });
  };
  const Icon = action ? (ACTION_ICONS[action.icon as keyof typeof ACTION_ICONS] ?? PlayIcon) : null;
  const confirmation =
    action?.confirmation_message !== undefined
      ? jobActionConfirmation(job.name, action.confirmation_message)
      : null;

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
      {action && Icon && (
        <IconButton
          icon={Icon}
          size="small"
          variant="invisible"
          aria-label={`${action.title} ${job.name}`}
          title={tooltipHidden ? undefined : action.title}
          // Primer's tooltip stays registered for Escape when its button changes under it (the
          // action done, the job moved on), and then swallows the Escape that closes the list.
          unsafeDisableTooltip
          loading={run.isPending}
          onClick={() => {
            reset.hide();
            if (confirmation) setConfirming(true);
            else start();
          }}
        />
      )}
      {confirming && confirmation && (
        <ConfirmationDialog
          title={confirmation.title}
          confirmButtonContent={confirmation.confirm}
          cancelButtonContent={confirmation.cancel}
          onClose={(gesture) => {
            setConfirming(false);
            if (gesture === 'confirm') start();
          }}
        >
          <p>{confirmation.message}</p>
          <p>{confirmation.question}</p>
        </ConfirmationDialog>
      )}
    </li>
  );
}
