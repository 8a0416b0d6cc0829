// A worker for worker-pool.test.ts: it echoes, spins, sleeps, throws or exits, as each task asks.
import { readlinkSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

const threadId = () => {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return null;
  }
};

parentPort.on('message', (task) => {
  if (task.exit) process.exit(1);
  try {
    if (task.throw) throw new Error(task.throw);
    // Busy, as a regex that backtracks is: no event of this thread runs until it returns.
    const until = Date.now() + (task.spinMs ?? 0);
    while (Date.now() < until);
    // Asleep, as a thread waiting for a core is: time passes, none of it on a CPU.
    if (task.sleepMs) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, task.sleepMs);
    parentPort.postMessage({ type: 'result', ok: true, value: task.echo });
  } catch (error) {
    parentPort.postMessage({ type: 'result', ok: false, message: error.message });
  }
});
parentPort.postMessage({ type: 'ready', threadId: threadId() });
