import type { CachedWidget, Widget } from '../../../shared/api/mergeWidget';
import { assertNever } from '../../../shared/lib/assertNever';
import { AutoMergeEnabledPanel } from './AutoMergeEnabledPanel';
import { ClosedPanel } from './ClosedPanel';
import { FailedToMergePanel } from './FailedToMergePanel';
import { MergedPanel } from './MergedPanel';
import { MergingPanel } from './MergingPanel';
import { SimpleStatePanel } from './SimpleStatePanel';
import type { WidgetPanel } from './widgetPanel';

type Props = {
  panel: WidgetPanel | null;
  fullPath: string;
  cached: CachedWidget;
  widget: Widget;
  failureError: string | null;
  onRefresh: () => void;
};

/** The main state area: the panel of the widget's state. Ready to merge is the checks and form below it. */
export function WidgetMainPanel({ panel, fullPath, cached, widget, failureError, onRefresh }: Props) {
  if (panel === null) return null;
  switch (panel) {
    case 'merging':
      return <MergingPanel />;
    case 'merged':
      return <MergedPanel fullPath={fullPath} cached={cached} widget={widget} />;
    case 'closed':
      return <ClosedPanel fullPath={fullPath} cached={cached} widget={widget} />;
    case 'failedToMerge':
      return <FailedToMergePanel error={failureError} onRefresh={onRefresh} />;
    case 'autoMergeEnabled':
      return <AutoMergeEnabledPanel fullPath={fullPath} cached={cached} widget={widget} />;
    case 'archived':
    case 'nothingToMerge':
    case 'missingBranch':
    case 'checking':
    case 'preparing':
    case 'shaMismatch':
    case 'geoSecondaryNode': {
      const diffsUrl = `/${fullPath}/-/merge_requests/${cached.iid}/diffs`;
      return <SimpleStatePanel state={panel} cached={cached} diffsUrl={diffsUrl} />;
    }
    // Ready to merge is said by the merge checks and done in the form below them.
    case 'readyToMerge':
      return null;
    // Named by the spec's "other states" but never chosen by its selection order (§4): a failed
    // pipeline that must succeed is the failed "Pipeline must succeed." merge check instead.
    case 'pipelineFailed':
    case 'mergeChecksFailed':
      return null;
    default:
      return assertNever(panel);
  }
}
