import type { BusEvent, EventBus } from './bus';

/**
 * How long an ETag is trusted without an event. What the app changes is announced (the request,
 * its notes, pushes, project settings, protected branches, members), so this bounds what is not:
 * a row edited by hand. Each check is a full read (8 statements and git for the widget): with a
 * minute, 500 viewers polling made 67 statements a second.
 */
export const ETAG_TTL_MS = 5 * 60_000;
/**
 * For this long past its TTL an ETag still answers 304 while one read in the background checks
 * it, so that pollers never queue behind that read; a poll that comes later waits for a read.
 */
export const ETAG_STALE_MS = 5 * 60_000;
/** Past this many remembered answers the cache starts afresh: it is a shortcut, never the truth. */
const MAX_ENTRIES = 50_000;

/**
 * ETags of polled JSON, kept per process and dropped when the bus says the thing changed (every
 * process hears every event), so an unchanged poll answers 304 without a database read. Answers
 * are grouped by the thing they show (`group`, e.g. a merge request) and vary by `viewer`.
 */
export function createEtagCache(
  bus: EventBus,
  groupsOf: (event: BusEvent) => readonly string[],
  now: () => number = () => Date.now(),
) {
  const groups = new Map<string, Map<string, { etag: string; at: number }>>();
  const generations = new Map<string, number>();
  // Counts the bus's resumptions: part of every group's generation, as any group may have changed.
  let resumptions = 0;
  let entries = 0;
  let eventsSeen = 0;

  bus.subscribe((event) => {
    if (event.type === 'bus.resumed') {
      resumptions++;
      eventsSeen++;
      groups.clear();
      entries = 0;
      return;
    }
    const dropped = groupsOf(event);
    if (dropped.length === 0) return;
    eventsSeen++;
    for (const group of dropped) {
      generations.set(group, (generations.get(group) ?? 0) + 1);
      entries -= groups.get(group)?.size ?? 0;
      groups.delete(group);
    }
  });

  /**
   * The ETag last served for this viewer of this group, if it may still answer: `stale` once its
   * TTL is up, when the caller answers with it and has it checked.
   */
  function current(group: string, viewer: string): { etag: string; stale: boolean } | null {
    const entry = groups.get(group)?.get(viewer);
    if (!entry) return null;
    const age = now() - entry.at;
    if (age > ETAG_TTL_MS + ETAG_STALE_MS) return null;
    return { etag: entry.etag, stale: age > ETAG_TTL_MS };
  }

  /** After a check of a stale ETag failed (the viewer may no longer read it): no more 304s from it. */
  function forget(group: string, viewer: string): void {
    if (groups.get(group)?.delete(viewer)) entries--;
  }

  /**
   * Marks to compare before and after reading the data: an answer is remembered only if no event
   * about its group came in between. Before the group is known, any event counts.
   */
  const generation = (group: string) => (generations.get(group) ?? 0) + resumptions;
  const events = () => eventsSeen;

  function remember(group: string, viewer: string, etag: string): void {
    if (entries >= MAX_ENTRIES) {
      groups.clear();
      entries = 0;
    }
    let viewers = groups.get(group);
    if (!viewers) {
      viewers = new Map<string, { etag: string; at: number }>();
      groups.set(group, viewers);
    }
    if (!viewers.has(viewer)) entries++;
    viewers.set(viewer, { etag, at: now() });
  }

  return { current, forget, generation, events, remember };
}

export type EtagCache = ReturnType<typeof createEtagCache>;
