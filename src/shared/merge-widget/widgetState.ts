import type { MergeRequestState } from '../api/mergeRequests';
import type { AutoMergeStrategy } from '../auto-merge/autoMergeStrategy';
import { assertNever } from '../lib/assertNever';
import type { MergeCheckIdentifier } from '../merge-checks/mergeChecks';

/** Every state panel the widget's main area can show. */
export type WidgetState =
  | 'merging'
  | 'geoSecondaryNode'
  | 'readyToMerge'
  | 'preparing'
  | 'nothingToMerge'
  | 'archived'
  | 'missingBranch'
  | 'checking'
  | 'shaMismatch'
  | 'merged'
  | 'closed'
  | 'failedToMerge'
  | 'pipelineFailed'
  | 'mergeChecksFailed';

/** What the widget's state is chosen from. */
export type WidgetStateFacts = {
  state: MergeRequestState;
  /** A merge was started from this page and has not ended. */
  mergeOngoing: boolean;
  isGeoSecondaryNode: boolean;
  autoMergeEnabled: boolean;
  preferredAutoMergeStrategy: AutoMergeStrategy | null;
  /** The detailed merge status, in the mergeability identifiers' spelling; `null` before it is known. */
  detailedMergeStatus: MergeCheckIdentifier | null;
  commitsCount: number;
  projectArchived: boolean;
  sourceBranchMissing: boolean;
  targetBranchMissing: boolean;
  canMerge: boolean;
  /** The head the page was loaded with differs from the merge request's current diff head. */
  headShaDiffers: boolean;
};

/**
 * The "when checks pass" strategies let someone set auto-merge while checks still fail, so their
 * ready-to-merge panel (which holds the auto-merge button) shows whatever the checks say. These are
 * the spec's "two specific strategies" that force the ready-to-merge state.
 */
const forcesReadyToMerge = (strategy: AutoMergeStrategy | null): boolean =>
  strategy === 'merge_when_checks_pass' || strategy === 'add_to_merge_train_when_checks_pass';

function openState(facts: WidgetStateFacts): WidgetState | null {
  if (facts.isGeoSecondaryNode) return 'geoSecondaryNode';
  if (!facts.autoMergeEnabled && forcesReadyToMerge(facts.preferredAutoMergeStrategy)) return 'readyToMerge';
  if (facts.detailedMergeStatus === 'PREPARING') return 'preparing';
  if (facts.commitsCount === 0) return 'nothingToMerge';
  if (facts.projectArchived) return 'archived';
  if (facts.sourceBranchMissing || facts.targetBranchMissing) return 'missingBranch';
  if (facts.detailedMergeStatus === 'CHECKING') return 'checking';
  if (facts.canMerge && facts.headShaDiffers) return 'shaMismatch';
  if (
    facts.detailedMergeStatus === 'MERGEABLE' ||
    facts.detailedMergeStatus === 'CI_STILL_RUNNING' ||
    (!facts.autoMergeEnabled && facts.preferredAutoMergeStrategy === 'merge_when_pipeline_succeeds')
  ) {
    return 'readyToMerge';
  }
  return null;
}

/**
 * The widget's state, in the spec's order: merging first; an open request by its checks (`null`
 * when none applies: no state panel); otherwise merged or closed. A `locked` request is one whose
 * merge is under way on the server, so it is merging too.
 */
export function selectWidgetState(facts: WidgetStateFacts): WidgetState | null {
  if (facts.mergeOngoing) return 'merging';
  switch (facts.state) {
    case 'opened':
      return openState(facts);
    case 'locked':
      return 'merging';
    case 'merged':
      return 'merged';
    case 'closed':
      return 'closed';
    default:
      return assertNever(facts.state);
  }
}
