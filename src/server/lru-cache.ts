/**
 * A small least-recently-used map bounded by a total weight (characters of HTML, entries). It is
 * a cache only: losing an entry costs doing the work again, never a wrong answer.
 */
export function createLruCache<V>(maxWeight: number, weigh: (value: V) => number) {
  const entries = new Map<string, { value: V; weight: number }>();
  let total = 0;

  function get(key: string): V | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    entries.set(key, entry);
    return entry.value;
  }

  function set(key: string, value: V): void {
    const weight = weigh(value);
    const old = entries.get(key);
    if (old) {
      total -= old.weight;
      entries.delete(key);
    }
    if (weight > maxWeight) return;
    entries.set(key, { value, weight });
    total += weight;
    for (const [oldest, entry] of entries) {
      if (total <= maxWeight) break;
      entries.delete(oldest);
      total -= entry.weight;
    }
  }

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.weight;
  }

  return { get, set, delete: remove, size: () => entries.size };
}
