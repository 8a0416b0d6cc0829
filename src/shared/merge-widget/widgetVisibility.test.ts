import { describe, expect, it } from 'vitest';
import type { AutoMergeStrategy } from '../auto-merge/autoMergeStrategy';
import type { WidgetState } from './widgetState';
import {
  autoMergeSourceBranchLine,
  autoMergeEnabledText,
  cancelAutoMergeText,
  mergeFormSourceBranchLine,
  showMergeBlocking,
  showMergeControls,
} from './widgetVisibility';

describe('showMergeControls', () => {
  it.each<[string, boolean, boolean, WidgetState | null, boolean]>([
    [
      '§4 Visibility: merge controls for a user who can merge, no auto-merge, readyToMerge',
      true,
      false,
      'readyToMerge',
      true,
    ],
    [
      '§4 Visibility / §6: no merge controls for a user who cannot merge',
      false,
      false,
      'readyToMerge',
      false,
    ],
    ['§4 Visibility: no merge controls once auto-merge is set', true, true, 'readyToMerge', false],
    ['§4 Visibility: no merge controls in another state', true, false, 'checking', false],
    ['§4 Visibility: no merge controls without a state', true, false, null, false],
  ])('%s', (_rule, canMerge, autoMergeEnabled, state, expected) => {
    expect(showMergeControls({ canMerge, autoMergeEnabled, state })).toBe(expected);
  });
});

describe('showMergeBlocking', () => {
  it.each<[string, WidgetState | null, boolean]>([
    ['§4 Visibility: merge-blocking hidden while checking', 'checking', false],
    ['§4 Visibility: merge-blocking hidden while preparing', 'preparing', false],
    ['§4 Visibility: merge-blocking hidden with nothing to merge', 'nothingToMerge', false],
    ['§4 Visibility: merge-blocking hidden when archived', 'archived', false],
    ['§4 Visibility: merge-blocking hidden with a missing branch', 'missingBranch', false],
    ['§4 Visibility: merge-blocking hidden when merged', 'merged', false],
    ['§4 Visibility: merge-blocking hidden when closed', 'closed', false],
    ['§4 Visibility: merge-blocking hidden while merging', 'merging', false],
    ['§4 Visibility: merge-blocking hidden on a sha mismatch', 'shaMismatch', false],
    ['§4 Visibility: merge-blocking shown when ready to merge', 'readyToMerge', true],
    ['§4 Visibility: merge-blocking shown on a Geo secondary node', 'geoSecondaryNode', true],
    ['§4 Visibility: merge-blocking shown after a failed merge', 'failedToMerge', true],
    ['§4 Visibility: merge-blocking shown when the pipeline failed', 'pipelineFailed', true],
    ['§4 Visibility: merge-blocking shown when merge checks failed', 'mergeChecksFailed', true],
    ['§4 Visibility: merge-blocking shown when no state applies', null, true],
  ])('%s', (_rule, state, expected) => {
    expect(showMergeBlocking(state)).toBe(expected);
  });
});

describe('auto-merge texts', () => {
  it.each<[string, AutoMergeStrategy, string, string]>([
    [
      '§4 Visibility: merge when all merge checks pass',
      'merge_when_checks_pass',
      'Set to merge when all merge checks pass',
      'Cancel auto-merge',
    ],
    [
      '§4 Visibility: merge when pipeline succeeds',
      'merge_when_pipeline_succeeds',
      'Set to merge when pipeline succeeds',
      'Cancel auto-merge',
    ],
    ['§4 Visibility: added to merge train', 'merge_train', 'Added to merge train', 'Remove from merge train'],
    [
      '§4 Visibility: set to start or join a merge train',
      'add_to_merge_train_when_checks_pass',
      'Set to start or join a merge train',
      'Cancel auto-merge',
    ],
  ])('%s', (_rule, strategy, text, cancel) => {
    expect(autoMergeEnabledText(strategy)).toBe(text);
    expect(cancelAutoMergeText(strategy)).toBe(cancel);
  });
});

describe('autoMergeSourceBranchLine', () => {
  it.each([
    [true, true, { text: 'Deletes the source branch', notice: null }],
    [
      true,
      false,
      {
        text: 'Deletes the source branch',
        notice: 'A user with write access to the source branch selected this option',
      },
    ],
    [false, true, { text: 'Does not delete the source branch', notice: null }],
    [false, false, { text: 'Does not delete the source branch', notice: null }],
  ])('removes %s, viewer may remove %s', (removesSourceBranch, canRemoveSourceBranch, expected) => {
    expect(autoMergeSourceBranchLine({ removesSourceBranch, canRemoveSourceBranch })).toEqual(expected);
  });
});

describe('mergeFormSourceBranchLine', () => {
  const deletes = {
    text: 'Deletes the source branch',
    notice: 'A user with write access to the source branch selected this option',
  };
  it.each([
    [
      'a viewer without the checkbox, the merge deletes the branch: the line and notice',
      false,
      true,
      deletes,
    ],
    ['a viewer without the checkbox, the merge keeps the branch: nothing promised', false, false, null],
    ['a viewer with the checkbox: the checkbox says it', true, true, null],
    ['a viewer with the checkbox, the merge keeps the branch', true, false, null],
  ])('%s', (_case, canRemoveSourceBranch, removeSourceBranch, expected) => {
    expect(mergeFormSourceBranchLine({ canRemoveSourceBranch, removeSourceBranch })).toEqual(expected);
  });
});
