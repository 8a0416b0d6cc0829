import { describe, expect, it } from 'vitest';
import type { MergeRequestState } from '../api/mergeRequests';
import {
  answeredMergeStatus,
  mergeActionEvent,
  mergeOutcome,
  mergePollStep,
  mergeStatusEvent,
  widgetMachineReducer,
  type MergeOutcome,
  type MergePollResponse,
  type MergePollStep,
  type ServerMergeStatus,
  type WidgetMachineEvent,
  type WidgetMachineState,
} from './widgetMachine';

describe('widgetMachineReducer', () => {
  it.each<[string, string, WidgetMachineEvent, WidgetMachineState]>([
    ['§4 machine: IDLE goes to MERGING on start-merge', 'IDLE', 'start-merge', 'MERGING'],
    ['§4 machine: IDLE goes to MERGING on merging', 'IDLE', 'merging', 'MERGING'],
    ['§4 machine: IDLE goes to AUTO_MERGE on start-auto-merge', 'IDLE', 'start-auto-merge', 'AUTO_MERGE'],
    ['§4 machine: IDLE ignores merge-done', 'IDLE', 'merge-done', 'IDLE'],
    ['§4 machine: IDLE ignores merge-failed', 'IDLE', 'merge-failed', 'IDLE'],
    ['§4 machine: MERGING goes to MERGED on merge-done', 'MERGING', 'merge-done', 'MERGED'],
    ['§4 machine: MERGING goes back to IDLE on merge-failed', 'MERGING', 'merge-failed', 'IDLE'],
    ['§4 machine: MERGING stays on merging', 'MERGING', 'merging', 'MERGING'],
    ['§4 machine: MERGING ignores start-auto-merge', 'MERGING', 'start-auto-merge', 'MERGING'],
    ['§4 machine: AUTO_MERGE goes to IDLE on merge-done', 'AUTO_MERGE', 'merge-done', 'IDLE'],
    ['§4 machine: AUTO_MERGE goes to IDLE on merge-failed', 'AUTO_MERGE', 'merge-failed', 'IDLE'],
    ['§4 machine: AUTO_MERGE ignores start-merge', 'AUTO_MERGE', 'start-merge', 'AUTO_MERGE'],
    ['§4 machine: MERGED has no transitions', 'MERGED', 'merge-failed', 'MERGED'],
    ['§4 machine: an unknown state forces idle', 'EXPLODED', 'merge-done', 'IDLE'],
    ['§4 machine: an unknown state forces idle, whatever the event', 'merging', 'start-merge', 'IDLE'],
  ])('%s', (_rule, state, event, expected) => {
    expect(widgetMachineReducer(state, event)).toBe(expected);
  });
});

describe('mergeStatusEvent', () => {
  it.each<[string, ServerMergeStatus, WidgetMachineEvent]>([
    ['§4 machine: the merging status fires merging', 'merging', 'merging'],
    ['§4 machine: the merged status fires merge-done', 'merged', 'merge-done'],
    [
      '§4 machine: the auto-merge-enabled status fires start-auto-merge',
      'autoMergeEnabled',
      'start-auto-merge',
    ],
  ])('%s', (_rule, status, expected) => {
    expect(mergeStatusEvent(status)).toBe(expected);
  });
});

describe('answeredMergeStatus', () => {
  it.each<[string, MergeRequestState, ServerMergeStatus | null]>([
    ['§4 a merge under way on the server (locked) is the merging status', 'locked', 'merging'],
    ['§4 a merged request is the merged status', 'merged', 'merged'],
    ['an open request reports no merge status', 'opened', null],
    ['a closed request reports no merge status', 'closed', null],
  ])('%s', (_rule, state, expected) => {
    expect(answeredMergeStatus(state)).toBe(expected);
  });
});

describe('mergeActionEvent', () => {
  it('§4 Merge: the merge action moves the machine to merging', () => {
    expect(widgetMachineReducer('IDLE', mergeActionEvent(false))).toBe('MERGING');
  });
  it('§4 machine: setting auto-merge moves the machine to AUTO_MERGE', () => {
    expect(widgetMachineReducer('IDLE', mergeActionEvent(true))).toBe('AUTO_MERGE');
  });
});

describe('mergeOutcome', () => {
  it.each<[string, Parameters<typeof mergeOutcome>[0], MergeOutcome]>([
    [
      "§4 Merge: status 'success' moves to merging",
      { status: 'success' },
      { kind: 'merging', event: 'merging' },
    ],
    [
      "§4 Merge: 'merging' (another merge already under way) moves to merging, to be followed by polling",
      { status: 'merging' },
      { kind: 'merging', event: 'merging' },
    ],
    [
      '§4 Merge: an auto-merge status moves to the auto-merge state',
      { status: 'merge_when_checks_pass' },
      { kind: 'autoMerge', event: 'start-auto-merge' },
    ],
    [
      '§4 Merge: the merge train status is an auto-merge status',
      { status: 'merge_train' },
      { kind: 'autoMerge', event: 'start-auto-merge' },
    ],
    [
      "§4 Merge: status 'failed' is a merge failure with the error",
      { status: 'failed', merge_error: 'Merge conflicts must be resolved.' },
      { kind: 'failed', event: 'merge-failed', error: 'Merge conflicts must be resolved.' },
    ],
    [
      "§4 Merge: status 'hook_validation_error' is a merge failure",
      { status: 'hook_validation_error', merge_error: 'Commit message does not follow the pattern' },
      { kind: 'failed', event: 'merge-failed', error: 'Commit message does not follow the pattern' },
    ],
    [
      "§8 Failed to merge: a failure without an error leaves 'Merge failed.' to the panel",
      { status: 'failed', merge_error: '' },
      { kind: 'failed', event: 'merge-failed', error: null },
    ],
    [
      '§4 Merge: a request failure also moves to merge failure, with the generic message',
      null,
      { kind: 'failed', event: 'merge-failed', error: 'Something went wrong. Please try again.' },
    ],
  ])('%s', (_rule, response, expected) => {
    expect(mergeOutcome(response)).toEqual(expected);
  });
});

describe('mergePollStep', () => {
  const poll = (overrides: Partial<MergePollResponse>): MergePollResponse => ({
    state: 'locked',
    merge_error: null,
    source_branch_exists: true,
    ...overrides,
  });

  it.each<[string, Partial<MergePollResponse>, boolean, MergePollStep]>([
    [
      '§4 Merge: merged stops polling when the branch is kept',
      { state: 'merged' },
      false,
      { kind: 'merged', event: 'merge-done', keepPolling: false },
    ],
    [
      '§4 Merge: merged keeps polling while the removed source branch still exists',
      { state: 'merged' },
      true,
      { kind: 'merged', event: 'merge-done', keepPolling: true },
    ],
    [
      '§4 Merge: merged stops polling once the removed source branch is gone',
      { state: 'merged', source_branch_exists: false },
      true,
      { kind: 'merged', event: 'merge-done', keepPolling: false },
    ],
    [
      '§4 Merge: merge_error raises the failure',
      { merge_error: 'Pipeline must succeed.' },
      false,
      { kind: 'failed', event: 'merge-failed', error: 'Pipeline must succeed.' },
    ],
    ['§4 Merge: still merging keeps polling', {}, false, { kind: 'continue' }],
  ])('%s', (_rule, overrides, removeSourceBranch, expected) => {
    expect(mergePollStep(poll(overrides), removeSourceBranch)).toEqual(expected);
  });
});
