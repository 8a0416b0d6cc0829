/**
 * Work a request starts and does not wait for before it answers (what follows a merge: the push
 * hooks, the retargeting of dependent requests), kept track of so that the app, closing, waits for
 * it before the database goes.
 */
export function createBackgroundWork() {
  const running = new Set<Promise<void>>();

  /**
   * Starts `work` once the current turn of the event loop is over, so the answer the request is
   * writing goes out first (PGlite runs statements on this thread); a failure goes to `onError`.
   */
  function run(work: () => Promise<unknown>, onError: (error: unknown) => void): void {
    const done: Promise<void> = new Promise((resolve) => setImmediate(resolve))
      .then(work)
      .then(() => undefined, onError)
      // Only `onError` itself throwing lands here: there is no one left to tell.
      .catch(() => undefined)
      .finally(() => running.delete(done));
    running.add(done);
  }

  /** Settles once no work is running, including work started while it waited. */
  async function settled(): Promise<void> {
    while (running.size > 0) await Promise.all(running);
  }

  return { run, settled };
}

export type BackgroundWork = ReturnType<typeof createBackgroundWork>;
