import type { Readable } from 'node:stream';

/**
 * A child's output in batches of whatever arrived since the last one was taken. git writes a patch
 * a few KiB at a time; taking each chunk through an async iterator cost as much CPU as parsing the
 * patch, so chunks are gathered by listener and handed over together. Past `maxPendingBytes` not
 * yet taken the stream is paused, so a slow reader never holds a whole huge diff.
 */
export async function* readBatches(
  stream: Readable,
  maxPendingBytes = 4 * 1024 * 1024,
): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let ended = false;
  let failure = null as Error | null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  stream.on('data', (chunk: Buffer) => {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes > maxPendingBytes) stream.pause();
    notify();
  });
  stream.on('end', () => {
    ended = true;
    notify();
  });
  stream.on('error', (error: Error) => {
    failure = error;
    notify();
  });
  for (;;) {
    if (failure) throw failure;
    if (pending.length > 0) {
      const batch = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      if (stream.isPaused()) stream.resume();
      yield batch;
      continue;
    }
    if (ended) return;
    await new Promise<void>((resolve) => (wake = resolve));
  }
}
