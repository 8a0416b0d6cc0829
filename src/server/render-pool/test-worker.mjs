// A worker for worker-pool.test.ts: it echoes, spins, throws or exits, as each task asks.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', (task) => {
  if (task.exit) process.exit(1);
  try {
    if (task.throw) throw new Error(task.throw);
    // Busy, as a regex that backtracks is: no event of this thread runs until it returns.
    const until = Date.now() + (task.spinMs ?? 0);
    while (Date.now() < until);
    parentPort.postMessage({ type: 'result', ok: true, value: task.echo });
  } catch (error) {
    parentPort.postMessage({ type: 'result', ok: false, message: error.message });
  }
});
parentPort.postMessage({ type: 'ready' });
