import type { AutoMergeStrategy } from '../auto-merge/autoMergeStrategy';
import { assertNever } from '../lib/assertNever';
import { BRANCH_DELETION_NOTICE } from './messages';
import type { WidgetState } from './widgetState';

/** Merge controls show only to a user who can merge, with no auto-merge set, when ready to merge. */
export function showMergeControls(facts: {
  canMerge: boolean;
  autoMergeEnabled: boolean;
  state: WidgetState | null;
}): boolean {
  return facts.canMerge && !facts.autoMergeEnabled && facts.state === 'readyToMerge';
}

/** The merge-blocking component, hidden by the states whose own panel already says why. */
export function showMergeBlocking(state: WidgetState | null): boolean {
  if (state === null) return true;
  switch (state) {
    case 'checking':
    case 'preparing':
    case 'nothingToMerge':
    case 'archived':
    case 'missingBranch':
    case 'merged':
    case 'closed':
    case 'merging':
    case 'shaMismatch':
      return false;
    case 'readyToMerge':
    case 'geoSecondaryNode':
    case 'failedToMerge':
    case 'pipelineFailed':
    case 'mergeChecksFailed':
      return true;
    default:
      return assertNever(state);
  }
}

/** The auto-merge-enabled panel's text for the strategy that was set. */
export function autoMergeEnabledText(strategy: AutoMergeStrategy): string {
  switch (strategy) {
    case 'merge_when_checks_pass':
      return 'Set to merge when all merge checks pass';
    case 'merge_when_pipeline_succeeds':
      return 'Set to merge when pipeline succeeds';
    case 'merge_train':
      return 'Added to merge train';
    case 'add_to_merge_train_when_checks_pass':
      return 'Set to start or join a merge train';
    default:
      return assertNever(strategy);
  }
}

export const cancelAutoMergeText = (strategy: AutoMergeStrategy): string =>
  strategy === 'merge_train' ? 'Remove from merge train' : 'Cancel auto-merge';

export const DELETES_SOURCE_BRANCH = 'Deletes the source branch';
export const DOES_NOT_DELETE_SOURCE_BRANCH = 'Does not delete the source branch';

/**
 * What a set auto-merge will do with the source branch. A viewer who may not remove the branch
 * (and so could not have chosen it) is told that someone with write access did (spec 000 §6).
 */
export function autoMergeSourceBranchLine(facts: {
  removesSourceBranch: boolean;
  canRemoveSourceBranch: boolean;
}): { text: string; notice: string | null } {
  if (!facts.removesSourceBranch) return { text: DOES_NOT_DELETE_SOURCE_BRANCH, notice: null };
  return { text: DELETES_SOURCE_BRANCH, notice: facts.canRemoveSourceBranch ? null : BRANCH_DELETION_NOTICE };
}

/**
 * The merge form's line for a viewer who may merge but has no delete-source-branch checkbox: their
 * merge states no choice, so the request's own decides (spec 000 §6 notice). Shown only when
 * that merge really deletes the branch (`remove_source_branch`), never as a promise.
 */
export function mergeFormSourceBranchLine(facts: {
  canRemoveSourceBranch: boolean;
  removeSourceBranch: boolean;
}): { text: string; notice: string } | null {
  if (facts.canRemoveSourceBranch || !facts.removeSourceBranch) return null;
  return { text: DELETES_SOURCE_BRANCH, notice: BRANCH_DELETION_NOTICE };
}
