import type { EventBus } from '../realtime/bus';

/**
 * How long a resolved session or token is trusted without asking the database. Sign-out, token
 * revocation and blocking announce themselves on the bus and are honoured at once (and everything
 * is read again after the bus lost events), so this bounds only changes made outside the app (a
 * hand-edited row). Long enough that a viewer polling every 10 s reads no table for minutes.
 */
export const AUTH_CACHE_TTL_MS = 5 * 60_000;
/**
 * For this long past its TTL an entry still answers while one read renews it, so that a
 * credential's pollers never queue behind that read; a request that comes later waits for it.
 */
export const AUTH_CACHE_STALE_MS = 5 * 60_000;
/** 500 pollers share a handful of credentials; past this many the oldest entry makes room. */
const MAX_ENTRIES = 10_000;

type Entry<T> = { value: T; userId: number; at: number };

/**
 * Sessions and tokens already resolved, keyed by their digest, so that a signed-in poll answered
 * 304 from memory reads no table either. Every process keeps its own and drops a user's entries
 * when the bus announces `user.auth_changed` (sign-out, revoked token, blocked account), which
 * every process hears. Expiry is not the cache's business: callers check the row on every hit.
 */
export function createAuthCache<T>(bus: EventBus, now: () => number = () => Date.now()) {
  // A Map iterates in insertion order; re-inserting on a hit keeps the least recently used first.
  const entries = new Map<string, Entry<T>>();
  // One database read per credential at a time: 500 pollers whose entry just aged out wait for it.
  const reading = new Map<string, Promise<T | undefined>>();
  let invalidations = 0;

  function dropUser(userId: number): void {
    invalidations++;
    // A read that started before the change may return the old row: later callers start afresh.
    reading.clear();
    for (const [key, entry] of entries) if (entry.userId === userId) entries.delete(key);
  }

  function dropEveryone(): void {
    invalidations++;
    reading.clear();
    entries.clear();
  }

  bus.subscribe((event) => {
    if (event.type === 'user.auth_changed') dropUser(event.userId);
    if (event.type === 'bus.resumed') dropEveryone();
  });

  function lookup(key: string): { value: T; stale: boolean } | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    const age = now() - entry.at;
    if (age > AUTH_CACHE_TTL_MS + AUTH_CACHE_STALE_MS) return undefined;
    entries.set(key, entry);
    return { value: entry.value, stale: age > AUTH_CACHE_TTL_MS };
  }

  function remember(key: string, userId: number, value: T): void {
    if (entries.size >= MAX_ENTRIES) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(key, { value, userId, at: now() });
  }

  /**
   * The remembered value for `key`, or what `read` finds (remembered unless a change to any user
   * was announced while it read, since the row may predate it). Nothing found is not remembered,
   * so guessed secrets cannot fill the cache, and a remembered credential no longer found is
   * forgotten. A value past its TTL answers while `read` renews it.
   */
  function resolve(key: string, read: () => Promise<{ userId: number; value: T } | undefined>) {
    const hit = lookup(key);
    if (hit && !hit.stale) return Promise.resolve(hit.value);
    const pending = readOnce(key, read);
    if (!hit) return pending;
    // The renewal's failure is the next request's to meet: this one is answered already.
    pending.catch(() => entries.delete(key));
    return Promise.resolve(hit.value);
  }

  function readOnce(key: string, read: () => Promise<{ userId: number; value: T } | undefined>) {
    const running = reading.get(key);
    if (running) return running;
    const before = invalidations;
    const started: Promise<T | undefined> = read()
      .then((found) => {
        if (!found) entries.delete(key);
        else if (before === invalidations) remember(key, found.userId, found.value);
        return found?.value;
      })
      .finally(() => {
        if (reading.get(key) === started) reading.delete(key);
      });
    reading.set(key, started);
    return started;
  }

  /**
   * After a change to what a user's credentials allow has committed: this process forgets at
   * once (on PostgreSQL its own notification comes back later), then every process is told.
   */
  async function userChanged(userId: number): Promise<void> {
    dropUser(userId);
    await bus.publish({ type: 'user.auth_changed', userId });
  }

  return { resolve, userChanged };
}

export type AuthCache<T> = ReturnType<typeof createAuthCache<T>>;
/** What services need: announcing a change, never reading the cache. */
export type AuthChanges = Pick<AuthCache<unknown>, 'userChanged'>;
