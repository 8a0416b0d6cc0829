/**
 * Callers that ask for the same key while a read of it is running share that read instead of
 * starting their own, so a burst of identical requests (500 pollers whose cached answer just aged
 * out) costs one read rather than queueing hundreds behind the database. Nothing is kept once the
 * read settles: remembering answers is the caller's business.
 */
export function sharedRead<T>(): (key: string, read: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return (key, read) => {
    const existing = running.get(key);
    if (existing) return existing;
    const started = read().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}
