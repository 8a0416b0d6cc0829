type Waiter<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };

/**
 * Gathers the keys asked for within one turn of the event loop and looks them all up in one call,
 * so that many callers that each want one row (every subscriber of a live event) cost one query.
 * A key the lookup does not answer resolves to undefined.
 */
export function batchedLookup<K, V>(
  lookup: (keys: K[]) => Promise<Map<K, V>>,
): (key: K) => Promise<V | undefined> {
  let pending: Map<K, Array<Waiter<V>>> | null = null;

  function run(batch: Map<K, Array<Waiter<V>>>) {
    lookup([...batch.keys()]).then(
      (found) => {
        for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
      },
      (error: unknown) => {
        for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
      },
    );
  }

  return (key) =>
    new Promise((resolve, reject) => {
      if (!pending) {
        const batch = new Map<K, Array<Waiter<V>>>();
        pending = batch;
        // After the callers woken by the same event have all asked.
        setImmediate(() => {
          pending = null;
          run(batch);
        });
      }
      const waiters = pending.get(key) ?? [];
      waiters.push({ resolve, reject });
      pending.set(key, waiters);
    });
}
