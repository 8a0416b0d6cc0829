import { ClockIcon, PlayIcon, SquareIcon, SyncIcon, XIcon } from '@primer/octicons-react';
import { Button, ConfirmationDialog, IconButton } from '@primer/react';
import { memo, useEffect, useState } from 'react';
import type { DetailedStatusAction } from '../../../shared/ci/status/detailedStatus';
import {
  jobActionConfirmation,
  JOB_ACTION_ERRORS,
  stageJobActionOf,
} from '../../../shared/ci/views/stageDropdown';
import { tooltipReset } from './mini-graph/tooltipReset';
import { useJobActionAt } from './mutations';

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
  jobName: string;
  /** The action the server's detailed status offers this viewer: what it is, and where it posts. */
  action: DetailedStatusAction;
  /** Told after the action ran, whatever its outcome: the pipeline around the job moved. */
  onActionDone?: () => void;
  /** Told of an action that failed, in the spec's words for it (JOB_ACTION_ERRORS). */
  onError: (message: string) => void;
  /** An icon button (graph and stage dropdown items), or a button with its `button_title` (job page). */
  labelled?: boolean;
};

/**
 * A job's action button (spec 002 sections 2 and 4): play, retry, cancel, stop or unschedule, as
 * the job's detailed status offers it. An action with a confirmation message asks first ("Are you
 * sure you want to run {jobName}?"); the button is loading while the call runs. Memoized: the
 * graph's items keep theirs from poll to poll.
 */
export const JobActionButton = memo(function JobActionButton({
  fullPath,
  jobName,
  action,
  onActionDone,
  onError,
  labelled = false,
}: Props) {
  const run = useJobActionAt(fullPath);
  const [confirming, setConfirming] = useState(false);
  const [tooltipHidden, setTooltipHidden] = useState(false);
  const [reset] = useState(() => tooltipReset(setTooltipHidden));
  useEffect(() => () => reset.dispose(), [reset]);
  const start = () => {
    const kind = stageJobActionOf(action.path);
    // Not mutate's own callbacks: they are dropped once this button unmounts, and the graph read
    // again after the action may well replace its item (a retried job is a new job) first.
    run
      .mutateAsync(action.path)
      .catch(() => onError(kind ? JOB_ACTION_ERRORS[kind] : JOB_ACTION_ERRORS.play))
      .finally(onActionDone);
  };
  const Icon = ACTION_ICONS[action.icon as keyof typeof ACTION_ICONS] ?? PlayIcon;
  const confirmation =
    action.confirmation_message !== undefined
      ? jobActionConfirmation(jobName, action.confirmation_message)
      : null;
  const click = () => {
    reset.hide();
    if (confirmation) setConfirming(true);
    else start();
  };
  return (
    <>
      {labelled ? (
        <Button variant="primary" loading={run.isPending} onClick={click}>
          {action.button_title}
        </Button>
      ) : (
        <IconButton
          icon={Icon}
          size="small"
          variant="invisible"
          className="ci-job-action"
          aria-label={`${action.title} ${jobName}`}
          title={tooltipHidden ? undefined : action.title}
          // Primer's tooltip stays registered for Escape when its button changes under it (the
          // action done, the job moved on), and then swallows the Escape that closes a list.
          unsafeDisableTooltip
          loading={run.isPending}
          onClick={click}
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
    </>
  );
});
