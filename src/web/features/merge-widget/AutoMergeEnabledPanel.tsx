import { ClockIcon } from '@primer/octicons-react';
import { Button, Flash } from '@primer/react';
import type { CachedWidget, Widget } from '../../../shared/api/mergeWidget';
import { SOMETHING_WENT_WRONG } from '../../../shared/merge-widget/messages';
import {
  autoMergeEnabledText,
  autoMergeSourceBranchLine,
  cancelAutoMergeText,
} from '../../../shared/merge-widget/widgetVisibility';
import { useCancelAutoMerge } from './mutations';
import { MergeTrainPosition } from './MergeTrainPosition';
import { WidgetRow } from './WidgetRow';

type Props = { fullPath: string; cached: CachedWidget; widget: Widget };

/** Auto-merge is set: what it waits for, by strategy, and its cancel for those allowed to. */
export function AutoMergeEnabledPanel({ fullPath, cached, widget }: Props) {
  const cancel = useCancelAutoMerge(fullPath, cached.iid);
  // The server sets a strategy with every auto-merge; the newest form stands in should one lack it.
  const strategy = cached.auto_merge_strategy ?? 'merge_when_checks_pass';
  const sourceBranch = autoMergeSourceBranchLine({
    removesSourceBranch: cached.should_remove_source_branch ?? cached.force_remove_source_branch,
    canRemoveSourceBranch: widget.current_user.can_remove_source_branch,
  });
  return (
    <WidgetRow
      icon={<ClockIcon className="mw-icon--accent" />}
      actions={
        widget.current_user.can_cancel_automatic_merge && (
          <Button
            size="small"
            loading={cancel.isPending}
            onClick={() => cancel.mutate(widget.cancel_auto_merge_path)}
          >
            {cancelAutoMergeText(strategy)}
          </Button>
        )
      }
    >
      <p className="mw-title">{autoMergeEnabledText(strategy)}</p>
      <p className="muted">
        <span>{sourceBranch.text}</span>
        {sourceBranch.notice && <span className="mw-subtle"> · {sourceBranch.notice}</span>}
      </p>
      {strategy === 'merge_train' && (
        <MergeTrainPosition
          index={cached.merge_train_index}
          count={cached.merge_trains_count}
          pipeline={cached.merge_train_pipeline}
        />
      )}
      {cancel.isError && <Flash variant="danger">{SOMETHING_WENT_WRONG}</Flash>}
    </WidgetRow>
  );
}
