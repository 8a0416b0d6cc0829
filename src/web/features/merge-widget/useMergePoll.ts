import { useEffect, useRef } from 'react';
import { mergePollStep, type MergePollStep } from '../../../shared/merge-widget/widgetMachine';
import { mergeStatePollInterval } from '../../../shared/polling/pollIntervals';
import { fetchMergePoll } from './queries';

/**
 * While a merge started here runs (and, once merged, while a source branch it deletes is still
 * there), the request is polled: 5 s, doubling, 360 s on a hidden tab. `onStep` hears each
 * answer that ends a wait; a failed poll just tries again.
 */
export function useMergePoll(
  fullPath: string,
  iid: number,
  active: boolean,
  removeSourceBranch: boolean,
  onStep: (step: Exclude<MergePollStep, { kind: 'continue' }>) => void,
): void {
  const latest = useRef(onStep);
  useEffect(() => {
    latest.current = onStep;
  });

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const visibility = document.visibilityState === 'hidden' ? 'hidden' : 'visible';
      timer = setTimeout(() => void poll(), mergeStatePollInterval(attempt++, visibility));
    };
    const poll = async () => {
      try {
        const step = mergePollStep(await fetchMergePoll(fullPath, iid), removeSourceBranch);
        if (stopped) return;
        if (step.kind !== 'continue') latest.current(step);
        if (step.kind === 'continue' || (step.kind === 'merged' && step.keepPolling)) schedule();
      } catch {
        if (!stopped) schedule();
      }
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [fullPath, iid, active, removeSourceBranch]);
}
