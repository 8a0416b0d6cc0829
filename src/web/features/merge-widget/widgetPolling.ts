import { WIDGET_POLL_INTERVAL_MS } from '../../../shared/api/mergeWidget';
import {
  backoffInterval,
  MERGE_STATE_HIDDEN_INTERVAL_MS,
  mergeStatePollInterval,
  type Visibility,
} from '../../../shared/polling/pollIntervals';

/** "Up to 240 seconds more" than the start (spec 000 section 9), for the widget's own polling too. */
const WIDGET_MAX_EXTRA_MS = 240_000;

/** The `Poll-Interval` header (milliseconds) starts the polling; a missing or bad one leaves the default. */
export function pollIntervalFromHeader(value: string | null): number {
  const ms = Number(value);
  return value !== null && Number.isInteger(ms) && ms > 0 ? ms : WIDGET_POLL_INTERVAL_MS;
}

/**
 * Milliseconds before the next widget poll. Each poll that changed nothing doubles the wait, from
 * the server's `Poll-Interval` up to that start plus 240 s; a change starts over. While the page
 * waits on something it asked for (a rebase), the merge-state rule applies: 5 s, doubling. A
 * hidden tab polls every 360 s either way: the live subscription still brings changes.
 */
export function widgetPollDelay(facts: {
  pollIntervalMs: number;
  unchangedPolls: number;
  awaitingAction: boolean;
  visibility: Visibility;
}): number {
  if (facts.visibility === 'hidden') return MERGE_STATE_HIDDEN_INTERVAL_MS;
  if (facts.awaitingAction) return mergeStatePollInterval(facts.unchangedPolls, facts.visibility);
  const start = facts.pollIntervalMs;
  return backoffInterval(
    { startMs: start, factor: 2, maxMs: start + WIDGET_MAX_EXTRA_MS },
    facts.unchangedPolls,
  );
}
