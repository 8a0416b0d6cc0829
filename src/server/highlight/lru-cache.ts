/**
 * A small least-recently-used map bounded by a total weight (characters of HTML here). It is a
 * cache only: losing it costs a re-highlight, never a wrong answer.
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

  return { get, set, size: () => entries.size };
}
