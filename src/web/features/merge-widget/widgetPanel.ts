import type { WidgetState } from '../../../shared/merge-widget/widgetState';
import { showMergeBlocking } from '../../../shared/merge-widget/widgetVisibility';

/** The main state area: a state of the spec's list, or the auto-merge-enabled panel. */
export type WidgetPanel = WidgetState | 'autoMergeEnabled';

/**
 * The panel the main area shows. The request's own end (merging, merged, closed) comes first; a
 * merge that failed on this page shows its failure until its countdown refreshes; a set
 * auto-merge replaces the merge controls; otherwise the state rules decide (`null`: no panel).
 */
export function widgetPanel(facts: {
  state: WidgetState | null;
  failedToMerge: boolean;
  autoMergeEnabled: boolean;
}): WidgetPanel | null {
  const { state } = facts;
  if (state === 'merging' || state === 'merged' || state === 'closed') return state;
  if (facts.failedToMerge) return 'failedToMerge';
  if (facts.autoMergeEnabled) return 'autoMergeEnabled';
  return state;
}

/** The merge checks list goes with a set auto-merge (it says what is awaited) and wherever merge blocking shows. */
export const showMergeChecks = (panel: WidgetPanel | null): boolean =>
  panel === 'autoMergeEnabled' || showMergeBlocking(panel);
