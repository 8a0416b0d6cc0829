import type { MergeRequestState } from '../api/mergeRequests';
import { isAutoMergeStrategy } from '../auto-merge/autoMergeStrategy';
import { assertNever } from '../lib/assertNever';
import { SOMETHING_WENT_WRONG } from './messages';

export type WidgetMachineState = 'IDLE' | 'MERGING' | 'MERGED' | 'AUTO_MERGE';
export type WidgetMachineEvent =
  'start-merge' | 'merging' | 'start-auto-merge' | 'merge-done' | 'merge-failed';

const MACHINE_STATES: readonly string[] = ['IDLE', 'MERGING', 'MERGED', 'AUTO_MERGE'];
const isMachineState = (value: string): value is WidgetMachineState => MACHINE_STATES.includes(value);

/**
 * One step of the widget's merge machine. An event with no transition from the current state
 * leaves it as it is; a state the machine does not know (restored from elsewhere) forces IDLE.
 */
export function widgetMachineReducer(state: string, event: WidgetMachineEvent): WidgetMachineState {
  if (!isMachineState(state)) return 'IDLE';
  switch (state) {
    case 'IDLE':
      if (event === 'start-merge' || event === 'merging') return 'MERGING';
      return event === 'start-auto-merge' ? 'AUTO_MERGE' : state;
    case 'MERGING':
      if (event === 'merge-done') return 'MERGED';
      return event === 'merge-failed' ? 'IDLE' : state;
    case 'AUTO_MERGE':
      return event === 'merge-done' || event === 'merge-failed' ? 'IDLE' : state;
    case 'MERGED':
      return state;
    default:
      return assertNever(state);
  }
}

/** The merge statuses the widget learns from the server, as the transitions they fire. */
export function mergeStatusEvent(status: 'merging' | 'merged' | 'autoMergeEnabled'): WidgetMachineEvent {
  switch (status) {
    case 'merging':
      return 'merging';
    case 'merged':
      return 'merge-done';
    case 'autoMergeEnabled':
      return 'start-auto-merge';
    default:
      return assertNever(status);
  }
}

/** Pressing merge starts a merge, or sets auto-merge when the button sets a strategy. */
export const mergeActionEvent = (setsAutoMerge: boolean): WidgetMachineEvent =>
  setsAutoMerge ? 'start-auto-merge' : 'start-merge';

export type MergeOutcome =
  | { kind: 'merging'; event: 'merging' }
  | { kind: 'autoMerge'; event: 'start-auto-merge' }
  /** The failed-to-merge state, with the server's error when it sent one. */
  | { kind: 'failed'; event: 'merge-failed'; error: string | null };

/**
 * What the merge call's answer means: 'success' keeps merging (then the merge is polled), an
 * auto-merge strategy moves to auto-merge, 'failed' and 'hook_validation_error' fail. A status
 * the widget does not know fails too rather than leave the page waiting; a request that failed
 * outright (`null`) fails with the generic message.
 */
export function mergeOutcome(response: { status: string; merge_error?: string | null } | null): MergeOutcome {
  if (response === null) return { kind: 'failed', event: 'merge-failed', error: SOMETHING_WENT_WRONG };
  if (response.status === 'success') return { kind: 'merging', event: 'merging' };
  if (isAutoMergeStrategy(response.status)) return { kind: 'autoMerge', event: 'start-auto-merge' };
  return { kind: 'failed', event: 'merge-failed', error: response.merge_error || null };
}

export type MergePollResponse = {
  state: MergeRequestState;
  merge_error: string | null;
  source_branch_exists: boolean;
};

export type MergePollStep =
  /** Refresh the widget and the actions; keep polling while the removed branch still exists. */
  | { kind: 'merged'; event: 'merge-done'; keepPolling: boolean }
  | { kind: 'failed'; event: 'merge-failed'; error: string }
  | { kind: 'continue' };

/** One answer of the merge poll, while a merge is under way. */
export function mergePollStep(response: MergePollResponse, removeSourceBranch: boolean): MergePollStep {
  if (response.state === 'merged') {
    return {
      kind: 'merged',
      event: 'merge-done',
      keepPolling: removeSourceBranch && response.source_branch_exists,
    };
  }
  if (response.merge_error) return { kind: 'failed', event: 'merge-failed', error: response.merge_error };
  return { kind: 'continue' };
}
