import { describe, expect, it } from 'vitest';
import type { AutoMergeStrategy } from '../auto-merge/autoMergeStrategy';
import {
  availableAutoMergeStrategies,
  MERGE_NOW_CHOICES,
  mergeButtonText,
  mergeTrainHelperText,
  mergeTrainPositionText,
  mergeNowChoices,
  MERGE_IMMEDIATELY,
} from './mergeTrains';

describe('availableAutoMergeStrategies', () => {
  const facts = { open: true, mergeTrainsEnabled: true, mergeable: true, waitable: false };
  it.each<[string, Partial<typeof facts>, AutoMergeStrategy[]]>([
    ['§3 trains on, checks pass: merge_train', {}, ['merge_train']],
    [
      '§3 trains on, checks can still pass: add_to_merge_train_when_checks_pass',
      { mergeable: false, waitable: true },
      ['add_to_merge_train_when_checks_pass'],
    ],
    ['trains on, a person must act: nothing', { mergeable: false, waitable: false }, []],
    ['trains off, checks pass: merges now, nothing to wait for', { mergeTrainsEnabled: false }, []],
    [
      '§3 trains off, checks can still pass: merge_when_checks_pass',
      { mergeTrainsEnabled: false, mergeable: false, waitable: true },
      ['merge_when_checks_pass'],
    ],
    ['a request that is not open: nothing', { open: false }, []],
  ])('%s', (_, change, expected) => {
    expect(availableAutoMergeStrategies({ ...facts, ...change })).toEqual(expected);
  });
});

describe('merge button and helper texts', () => {
  it.each<[AutoMergeStrategy | null, string, string | null]>([
    [null, 'Merge', null],
    ['merge_train', 'Merge', 'Add to merge train'],
    [
      'add_to_merge_train_when_checks_pass',
      'Set to auto-merge',
      'Add to merge train when all merge checks pass',
    ],
    ['merge_when_checks_pass', 'Set to auto-merge', null],
    ['merge_when_pipeline_succeeds', 'Set to auto-merge', null],
  ])('strategy %s: button %s, helper %s', (strategy, button, helper) => {
    expect(mergeButtonText(strategy)).toBe(button);
    expect(mergeTrainHelperText(strategy)).toBe(helper);
  });
});

describe('mergeTrainPositionText', () => {
  it.each<[number | null, number | null, string | null]>([
    [0, 1, 'A new merge train has started and this merge request is the first of the queue.'],
    [0, 3, 'A new merge train has started and this merge request is the first of the queue.'],
    [1, 2, 'This merge request is #2 of 2 in queue.'],
    [3, 5, 'This merge request is #4 of 5 in queue.'],
    [2, null, null],
    [null, 4, null],
  ])('index %s of %s: %s', (index, count, text) => {
    expect(mergeTrainPositionText(index, count)).toBe(text);
  });
});

describe('merge now', () => {
  it('§5 offers the two merge train choices, in order, and only the second skips the train', () => {
    expect(MERGE_NOW_CHOICES.map((choice) => [choice.label, choice.skipMergeTrain])).toEqual([
      ['Merge now and restart train', false],
      ["Merge now and don't restart train", true],
    ]);
  });

  it.each<[AutoMergeStrategy | null, boolean, string[]]>([
    ['merge_train', true, ['Merge now and restart train', "Merge now and don't restart train"]],
    ['merge_train', false, ['Merge immediately']],
    ['add_to_merge_train_when_checks_pass', true, []],
    ['merge_when_checks_pass', false, []],
    [null, true, []],
  ])('strategy %s with skip allowed %s: %j', (strategy, skipTrainAllowed, labels) => {
    expect(mergeNowChoices({ strategy, skipTrainAllowed }).map((choice) => choice.label)).toEqual(labels);
  });

  it('§5 merging immediately restarts the train, after GitLab’s confirmation', () => {
    expect(MERGE_IMMEDIATELY).toMatchObject({ label: 'Merge immediately', skipMergeTrain: false });
    expect(MERGE_IMMEDIATELY.confirmation.question).toBe('Are you sure you want to merge immediately?');
  });
});
