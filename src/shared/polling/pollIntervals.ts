export type Visibility = 'visible' | 'hidden';

export type Backoff = { startMs: number; factor: number; maxMs: number };

/** The interval before poll `attempt + 1`: `startMs × factor^attempt`, clamped to `maxMs`. */
export function backoffInterval(backoff: Backoff, attempt: number): number {
  if (!Number.isInteger(attempt) || attempt < 0) throw new RangeError(`attempt must be a whole number >= 0`);
  return Math.min(backoff.startMs * backoff.factor ** attempt, backoff.maxMs);
}

/**
 * Merge-state polling in the ready-to-merge panel: 5 s, doubling, "up to 240 seconds more". "More"
 * reads as added to the start (as the widget query's clamp is "the start plus a maximum"), so the
 * ceiling is 245 s.
 */
export const MERGE_STATE_POLLING: Backoff = { startMs: 5_000, factor: 2, maxMs: 5_000 + 240_000 };
export const MERGE_STATE_HIDDEN_INTERVAL_MS = 360_000;

/** Milliseconds to wait before the next merge-state poll; a hidden tab polls every 360 s. */
export function mergeStatePollInterval(attempt: number, visibility: Visibility): number {
  const interval = backoffInterval(MERGE_STATE_POLLING, attempt);
  return visibility === 'hidden' ? MERGE_STATE_HIDDEN_INTERVAL_MS : interval;
}

export const DEPLOYMENTS_POLLING: Backoff = { startMs: 30_000, factor: 4, maxMs: 240_000 };

/**
 * Milliseconds to wait before deployments poll number `attempt` (0 is the first): the first runs
 * immediately, then 30 s growing ×4 up to 240 s. The spec gives deployments no hidden-tab
 * interval, so a hidden tab does not poll them (`null`); nobody reads the list until it shows.
 */
export function deploymentsPollDelay(attempt: number, visibility: Visibility): number | null {
  if (visibility === 'hidden') return null;
  return attempt === 0 ? 0 : backoffInterval(DEPLOYMENTS_POLLING, attempt - 1);
}

/** The widget starts polling at this interval (the `Poll-Interval` header, in milliseconds). */
export const WIDGET_POLL_INTERVAL_MS = 10_000;

/**
 * Pipeline polling (spec 002 section 9's pipeline constants 8000, 1.2, 240000): 8 s at first, each
 * poll that brought nothing new waits 1.2 times longer, up to four minutes; a change starts over.
 */
export const PIPELINE_POLLING: Backoff = { startMs: 8_000, factor: 1.2, maxMs: 240_000 };

/**
 * The last of the spec's pipeline constants, 7: Apollo's `NetworkStatus.ready`, the state of a
 * query with an answer and no request in flight. A pipeline query starts its polling only from
 * there, never while its first read is still loading (see `pipelinePollDelay`).
 */
export const NETWORK_STATUS_READY = 7;

/**
 * Milliseconds before the next pipeline poll, after `unchangedPolls` answers in a row that
 * changed nothing (304s). A hidden tab does not poll (`null`): the page reads again when shown.
 */
export function pipelinePollDelay(unchangedPolls: number, visibility: Visibility): number | null {
  if (visibility === 'hidden') return null;
  return backoffInterval(PIPELINE_POLLING, unchangedPolls);
}
