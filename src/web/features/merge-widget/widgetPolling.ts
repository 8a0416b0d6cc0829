import { WIDGET_POLL_INTERVAL_MS } from '../../../shared/polling/pollIntervals';
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
 * Milliseconds before the next widget poll. The ready-to-merge panel polls the merge state by the
 * spec's rule for it (5 s, doubling, up to 240 s more), and so does a page waiting on something it
 * asked for (a rebase). Other states poll from the server's `Poll-Interval`, each poll that
 * changed nothing doubling the wait up to that start plus 240 s. A change starts either over, and
 * a hidden tab polls every 360 s: the live subscription still brings changes.
 */
export function widgetPollDelay(facts: {
  pollIntervalMs: number;
  unchangedPolls: number;
  mergeStatePolling: boolean;
  visibility: Visibility;
}): number {
  if (facts.visibility === 'hidden') return MERGE_STATE_HIDDEN_INTERVAL_MS;
  if (facts.mergeStatePolling) return mergeStatePollInterval(facts.unchangedPolls, facts.visibility);
  const start = facts.pollIntervalMs;
  return backoffInterval(
    { startMs: start, factor: 2, maxMs: start + WIDGET_MAX_EXTRA_MS },
    facts.unchangedPolls,
  );
}
