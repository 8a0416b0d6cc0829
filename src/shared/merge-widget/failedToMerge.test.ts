import { describe, expect, it } from 'vitest';
import {
  failedToMergeCountdown,
  failedToMergeText,
  mergeErrorAlert,
  type FailedToMergeCountdown,
  type MergeErrorAlert,
} from './failedToMerge';

const counting = (secondsLeft: number, nextTickMs: number): FailedToMergeCountdown => ({
  kind: 'counting',
  secondsLeft,
  nextTickMs,
  text: `Refreshing in ${secondsLeft} seconds to show the updated status…`,
});

describe('failedToMergeCountdown', () => {
  it.each<[string, number, FailedToMergeCountdown]>([
    ['§9 countdown: starts at 10 seconds', 0, counting(10, 1_000)],
    ['§9 countdown: still 10 within the first second', 999, counting(10, 1)],
    ['§9 countdown: ticks every second', 1_000, counting(9, 1_000)],
    ['§9 countdown: ticks mid-second at the next whole second', 4_250, counting(6, 750)],
    ['§8 countdown: the last second still reads seconds', 9_999, counting(1, 1)],
    ['§4 Failed to merge: refreshes after 10 seconds', 10_000, { kind: 'refresh' }],
    ['§4 Failed to merge: refreshes when the tab was asleep past the end', 75_000, { kind: 'refresh' }],
    ['§9 countdown: a clock that went backwards counts from the start', -500, counting(10, 1_000)],
  ])('%s', (_rule, elapsedMs, expected) => {
    expect(failedToMergeCountdown(elapsedMs)).toEqual(expected);
  });
});

describe('failedToMergeText', () => {
  it.each<[string, string | null, string]>([
    [
      '§8 Failed to merge: the error text',
      'Merge conflicts must be resolved.',
      'Merge conflicts must be resolved.',
    ],
    ["§8 Failed to merge: otherwise 'Merge failed.'", null, 'Merge failed.'],
    ["§8 Failed to merge: an empty error reads 'Merge failed.'", '', 'Merge failed.'],
  ])('%s', (_rule, error, expected) => {
    expect(failedToMergeText(error)).toBe(expected);
  });
});

describe('mergeErrorAlert', () => {
  it.each<[string, string, boolean, MergeErrorAlert]>([
    [
      '§8 merge error: {error}. Try again. with the trailing period stripped',
      'Pipeline must succeed.',
      false,
      { text: 'Pipeline must succeed. Try again.', manageStorageLink: false },
    ],
    [
      '§8 merge error: an error without a period gets one',
      'Branch cannot be merged',
      false,
      { text: 'Branch cannot be merged. Try again.', manageStorageLink: false },
    ],
    [
      '§8 merge error: only one trailing period is stripped',
      'Wait...',
      false,
      { text: 'Wait... Try again.', manageStorageLink: false },
    ],
    [
      '§8 merge error: namespace storage full links to managing storage instead',
      'Your namespace storage is full.',
      true,
      { text: 'Your namespace storage is full.', manageStorageLink: true },
    ],
  ])('%s', (_rule, error, storageFull, expected) => {
    expect(mergeErrorAlert(error, storageFull)).toEqual(expected);
  });
});
