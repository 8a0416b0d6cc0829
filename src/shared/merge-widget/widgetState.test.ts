import { describe, expect, it } from 'vitest';
import { selectWidgetState, type WidgetState, type WidgetStateFacts } from './widgetState';

/** An open, mergeable request a member can merge: every check passes. */
const ready: WidgetStateFacts = {
  state: 'opened',
  mergeOngoing: false,
  isGeoSecondaryNode: false,
  autoMergeEnabled: false,
  preferredAutoMergeStrategy: null,
  detailedMergeStatus: 'MERGEABLE',
  commitsCount: 2,
  projectArchived: false,
  sourceBranchMissing: false,
  targetBranchMissing: false,
  canMerge: true,
  headShaDiffers: false,
};

describe('selectWidgetState', () => {
  it.each<[string, Partial<WidgetStateFacts>, WidgetState | null]>([
    [
      '§4 selection 1: merging while a merge is ongoing, before anything else',
      { mergeOngoing: true, isGeoSecondaryNode: true },
      'merging',
    ],
    [
      '§4 selection 1: merging also wins over a merged state',
      { mergeOngoing: true, state: 'merged' },
      'merging',
    ],
    ['§4 selection 1: a locked request is being merged', { state: 'locked' }, 'merging'],
    [
      '§4 selection 2: geoSecondaryNode on a Geo secondary node',
      { isGeoSecondaryNode: true, commitsCount: 0 },
      'geoSecondaryNode',
    ],
    [
      '§4 selection 2: geoSecondaryNode comes before the forced ready-to-merge',
      { isGeoSecondaryNode: true, preferredAutoMergeStrategy: 'merge_when_checks_pass' },
      'geoSecondaryNode',
    ],
    [
      '§4 selection 2: readyToMerge forced by merge_when_checks_pass without auto merge, over preparing',
      { preferredAutoMergeStrategy: 'merge_when_checks_pass', detailedMergeStatus: 'PREPARING' },
      'readyToMerge',
    ],
    [
      '§4 selection 2: readyToMerge forced by add_to_merge_train_when_checks_pass, over no commits',
      { preferredAutoMergeStrategy: 'add_to_merge_train_when_checks_pass', commitsCount: 0 },
      'readyToMerge',
    ],
    [
      '§4 selection 2: not forced once auto merge is enabled',
      {
        preferredAutoMergeStrategy: 'merge_when_checks_pass',
        autoMergeEnabled: true,
        detailedMergeStatus: 'PREPARING',
      },
      'preparing',
    ],
    [
      '§4 selection 2: merge_train does not force readyToMerge',
      { preferredAutoMergeStrategy: 'merge_train', detailedMergeStatus: 'CHECKING' },
      'checking',
    ],
    [
      '§4 selection 3: preparing when the detailed status is preparing',
      { detailedMergeStatus: 'PREPARING', commitsCount: 0 },
      'preparing',
    ],
    [
      '§4 selection 3: nothingToMerge without commits',
      { commitsCount: 0, projectArchived: true },
      'nothingToMerge',
    ],
    [
      '§4 selection 3: archived when the project is archived',
      { projectArchived: true, sourceBranchMissing: true },
      'archived',
    ],
    [
      '§4 selection 3: missingBranch when the source branch is missing',
      { sourceBranchMissing: true, detailedMergeStatus: 'CHECKING' },
      'missingBranch',
    ],
    [
      '§4 selection 3: missingBranch when the target branch is missing',
      { targetBranchMissing: true },
      'missingBranch',
    ],
    [
      '§4 selection 3: checking when the detailed status is checking',
      { detailedMergeStatus: 'CHECKING', headShaDiffers: true },
      'checking',
    ],
    [
      '§4 selection 3: shaMismatch when the user can merge and the head sha differs',
      { headShaDiffers: true },
      'shaMismatch',
    ],
    [
      '§4 selection 3: no shaMismatch for a user who cannot merge',
      { headShaDiffers: true, canMerge: false },
      'readyToMerge',
    ],
    ['§4 selection 3: readyToMerge when mergeable', {}, 'readyToMerge'],
    [
      '§4 selection 3: readyToMerge while CI is still running',
      { detailedMergeStatus: 'CI_STILL_RUNNING' },
      'readyToMerge',
    ],
    [
      '§4 selection 3: readyToMerge for merge when pipeline succeeds without auto merge',
      { detailedMergeStatus: 'CI_MUST_PASS', preferredAutoMergeStrategy: 'merge_when_pipeline_succeeds' },
      'readyToMerge',
    ],
    [
      '§4 selection 3: no state once merge when pipeline succeeds is enabled and a check fails',
      {
        detailedMergeStatus: 'CI_MUST_PASS',
        preferredAutoMergeStrategy: 'merge_when_pipeline_succeeds',
        autoMergeEnabled: true,
      },
      null,
    ],
    [
      // The spec's order has no pipelineFailed step: the failed CI_MUST_PASS check says it instead.
      '§4 selection 3: a failed pipeline where pipelines must succeed is no state, not pipelineFailed',
      {
        detailedMergeStatus: 'CI_MUST_PASS',
        preferredAutoMergeStrategy: 'merge_when_checks_pass',
        autoMergeEnabled: true,
      },
      null,
    ],
    ['§4 selection 3: otherwise no state (a failing check)', { detailedMergeStatus: 'NOT_APPROVED' }, null],
    ['§4 selection 3: otherwise no state (status not known yet)', { detailedMergeStatus: null }, null],
    ['§4 selection 4: merged per its state', { state: 'merged', isGeoSecondaryNode: true }, 'merged'],
    ['§4 selection 4: closed per its state', { state: 'closed', commitsCount: 0 }, 'closed'],
  ])('%s', (_rule, overrides, expected) => {
    expect(selectWidgetState({ ...ready, ...overrides })).toBe(expected);
  });
});
