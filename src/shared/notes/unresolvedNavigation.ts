/** Spec 001 section 9: jumping between unresolved threads is debounced by 200 ms. */
export const JUMP_DEBOUNCE_MS = 200;

type Thread = { id: string; resolvable: boolean; resolved: boolean };

/**
 * The unresolved thread after (or before) `currentId`, in display order, wrapping round at the ends;
 * from no thread (or a resolved one not in the list), the first (or last) unresolved one.
 */
export function jumpToUnresolved(
  threads: readonly Thread[],
  currentId: string | null,
  direction: 'next' | 'previous',
): string | null {
  const order = threads.map((thread) => thread.id);
  const unresolved = threads.filter((thread) => thread.resolvable && !thread.resolved).map((t) => t.id);
  if (unresolved.length === 0) return null;
  const position = currentId === null ? -1 : order.indexOf(currentId);
  const ahead = direction === 'next' ? unresolved : [...unresolved].reverse();
  const isPast = (id: string) =>
    direction === 'next' ? order.indexOf(id) > position : position === -1 || order.indexOf(id) < position;
  return ahead.find(isPast) ?? ahead[0] ?? null;
}
