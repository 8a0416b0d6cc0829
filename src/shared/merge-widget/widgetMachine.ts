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

const MERGE_STATUS_EVENTS = {
  merging: 'merging',
  merged: 'merge-done',
  autoMergeEnabled: 'start-auto-merge',
} as const satisfies Record<string, WidgetMachineEvent>;

/** The merge statuses the widget learns from the server (spec 000 §4: merging, merged, auto-merge enabled). */
export type ServerMergeStatus = keyof typeof MERGE_STATUS_EVENTS;

/** The transition a merge status fires: every answer the widget reads from the server goes through here. */
export const mergeStatusEvent = <S extends ServerMergeStatus>(status: S): (typeof MERGE_STATUS_EVENTS)[S] =>
  MERGE_STATUS_EVENTS[status];

/**
 * The merge status a widget answer reports: a merge under way on the server (`locked`, perhaps
 * started by someone else) is followed as the page's own merge is, and a merged request ends one.
 * A set auto-merge is left to the merge call's answer: fed back from every poll it would keep
 * the machine in AUTO_MERGE after a cancel, whose only ways out are a merge's end.
 */
export function answeredMergeStatus(state: MergeRequestState): ServerMergeStatus | null {
  switch (state) {
    case 'locked':
      return 'merging';
    case 'merged':
      return 'merged';
    case 'opened':
    case 'closed':
      return null;
    default:
      return assertNever(state);
  }
}

/** Pressing merge starts a merge, or sets auto-merge when the button sets a strategy. */
export const mergeActionEvent = (setsAutoMerge: boolean): WidgetMachineEvent =>
  setsAutoMerge ? 'start-auto-merge' : 'start-merge';

export type MergeOutcome =
  /** Our merge runs, or (`merging`) another one that took the request first: the poll follows it. */
  | { kind: 'merging'; event: 'merging' }
  | { kind: 'autoMerge'; event: 'start-auto-merge' }
  /** The failed-to-merge state, with the server's error when it sent one. */
  | { kind: 'failed'; event: 'merge-failed'; error: string | null };

/**
 * What the merge call's answer means: 'success' keeps merging (then the merge is polled), as does
 * 'merging' (a merge already under way, which the poll follows as if it were ours); an
 * auto-merge strategy moves to auto-merge, 'failed' and 'hook_validation_error' fail. A status
 * the widget does not know fails too rather than leave the page waiting; a request that failed
 * outright (`null`) fails with the generic message.
 */
export function mergeOutcome(response: { status: string; merge_error?: string | null } | null): MergeOutcome {
  if (response === null) return { kind: 'failed', event: 'merge-failed', error: SOMETHING_WENT_WRONG };
  if (response.status === 'success' || response.status === 'merging')
    return { kind: 'merging', event: mergeStatusEvent('merging') };
  if (isAutoMergeStrategy(response.status))
    return { kind: 'autoMerge', event: mergeStatusEvent('autoMergeEnabled') };
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
      event: mergeStatusEvent('merged'),
      keepPolling: removeSourceBranch && response.source_branch_exists,
    };
  }
  if (response.merge_error) return { kind: 'failed', event: 'merge-failed', error: response.merge_error };
  return { kind: 'continue' };
}
