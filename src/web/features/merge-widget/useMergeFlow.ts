import { useCallback, useReducer, useState } from 'react';
import type { MergeRequestState, PageMergeBody } from '../../../shared/api/mergeRequests';
import {
  answeredMergeStatus,
  mergeActionEvent,
  mergeOutcome,
  mergeStatusEvent,
  widgetMachineReducer,
  type MergeOutcome,
} from '../../../shared/merge-widget/widgetMachine';
import { useMerge } from './mutations';
import { useMergePoll } from './useMergePoll';

type Failed = Extract<MergeOutcome, { kind: 'failed' }>;

/**
 * A merge followed from this page, through the spec's machine: the merge call, what its answer
 * means, the merge poll while it runs, and the failure that shows until the widget refreshes.
 * A merge under way that a widget answer reports (`follow`: perhaps someone else's) is
 * followed the same way. `onShaMismatch` hears the head a refused merge was asked for.
 */
export function useMergeFlow(
  fullPath: string,
  iid: number,
  callbacks: { onMerged: () => void; onShaMismatch: (sha: string) => void },
) {
  const [machine, dispatch] = useReducer(widgetMachineReducer, 'IDLE');
  const [failure, setFailure] = useState<{ error: string | null } | null>(null);
  const [removeSourceBranch, setRemoveSourceBranch] = useState(false);
  const [branchPending, setBranchPending] = useState(false);
  const merge = useMerge(fullPath, iid);

  /** The request's state in a widget answer, as the merge status it reports. */
  const follow = useCallback((state: MergeRequestState) => {
    const status = answeredMergeStatus(state);
    if (status) dispatch(mergeStatusEvent(status));
  }, []);

  useMergePoll(fullPath, iid, machine === 'MERGING' || branchPending, removeSourceBranch, (step) => {
    dispatch(step.event);
    if (step.kind === 'failed') return setFailure({ error: step.error });
    setBranchPending(step.keepPolling);
    callbacks.onMerged();
  });

  const clearFailure = useCallback(() => setFailure(null), []);
  const fail = (outcome: Failed) => {
    dispatch(outcome.event);
    setFailure({ error: outcome.error });
  };

  /** `removesByDefault`: the request's own choice (`remove_source_branch`), for a merge that states none. */
  const start = (path: string, body: PageMergeBody, removesByDefault: boolean) => {
    setFailure(null);
    dispatch(mergeActionEvent(body.auto_merge_strategy !== undefined));
    setRemoveSourceBranch(body.should_remove_source_branch ?? removesByDefault);
    merge.mutate(
      { path, body },
      {
        onSuccess: (answer) => {
          // A head newer than the one reviewed: refused until the page shows it.
          if (answer.status === 'sha_mismatch') {
            dispatch('merge-failed');
            return callbacks.onShaMismatch(body.sha);
          }
          const outcome = mergeOutcome(answer);
          if (outcome.kind === 'failed') fail(outcome);
          else dispatch(outcome.event);
        },
        onError: () => {
          const outcome = mergeOutcome(null);
          if (outcome.kind === 'failed') fail(outcome);
        },
      },
    );
  };

  return {
    merging: machine === 'MERGING',
    failure,
    inFlight: merge.isPending,
    start,
    follow,
    clearFailure,
  };
}
