import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWorkerPool, type WorkerPool } from './worker-pool';

type Task = {
  echo?: string;
  spinMs?: number;
  sleepMs?: number;
  throw?: string;
  exit?: boolean;
  weight?: number;
};

describe('worker pool', () => {
  let pool: WorkerPool<Task, string>;
  const create = (options: { size?: number; maxQueuedWeight?: number } = {}) =>
    (pool = createWorkerPool<Task, string>({
      entry: new URL('./test-worker.mjs', import.meta.url),
      size: options.size ?? 2,
      maxQueuedWeight: options.maxQueuedWeight ?? 1000,
      weigh: (task) => task.weight ?? 1,
      maxHeapMb: 64,
    }));
  afterEach(() => pool.close());

  it('starts workers when tasks come, no more than its size, and answers each task', async () => {
    create({ size: 2 });
    expect(pool.workerCount()).toBe(0);
    const answers = await Promise.all(['a', 'b', 'c', 'd'].map((echo) => pool.run({ echo }, 5000)));
    expect(answers).toEqual(['a', 'b', 'c', 'd'].map((value) => ({ status: 'done', value })));
    expect(pool.workerCount()).toBe(2);
  });

  it('ends a worker whose task runs past its budget, and a new worker takes the next task', async () => {
    create({ size: 1 });
    await pool.run({ echo: 'warm' }, 5000);
    const started = performance.now();
    expect(await pool.run({ spinMs: 60_000 }, 200)).toEqual({ status: 'over_budget' });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await pool.run({ echo: 'after' }, 5000)).toEqual({ status: 'done', value: 'after' });
    expect(pool.workerCount()).toBe(1);
  });

  it.runIf(process.platform === 'linux')(
    'counts CPU time against the budget, not the time its worker waits for a core',
    async () => {
      create({ size: 1 });
      await pool.run({ echo: 'warm' }, 5000);
      expect(await pool.run({ sleepMs: 800, echo: 'slept' }, 300)).toEqual({
        status: 'done',
        value: 'slept',
      });
      // Not forever, though: five times the budget in wall time ends it.
      expect(await pool.run({ sleepMs: 60_000 }, 200)).toEqual({ status: 'over_budget' });
    },
  );

  it('counts a task’s budget from when a worker takes it, not while it waits', async () => {
    create({ size: 1 });
    await pool.run({ echo: 'warm' }, 5000);
    // The second waits 1.2 s for the worker, longer than its own budget of 1 s.
    const first = pool.run({ spinMs: 1200, echo: 'slow' }, 5000);
    const second = pool.run({ spinMs: 50, echo: 'waited' }, 1000);
    expect(await Promise.all([first, second])).toEqual([
      { status: 'done', value: 'slow' },
      { status: 'done', value: 'waited' },
    ]);
  });

  it('answers a task that throws, or whose worker dies, as failed, and goes on', async () => {
    create({ size: 1 });
    expect(await pool.run({ throw: 'Maximum call stack size exceeded' }, 5000)).toEqual({
      status: 'failed',
      message: 'Maximum call stack size exceeded',
    });
    expect(await pool.run({ exit: true }, 5000)).toMatchObject({ status: 'failed' });
    expect(await pool.run({ echo: 'still here' }, 5000)).toEqual({ status: 'done', value: 'still here' });
  });

  it('drops the oldest waiting task when more waits than it may hold', async () => {
    create({ size: 1, maxQueuedWeight: 2 });
    await pool.run({ echo: 'warm' }, 5000);
    const running = pool.run({ spinMs: 200, echo: 'running' }, 5000);
    const oldest = pool.run({ echo: 'oldest' }, 5000);
    const next = pool.run({ echo: 'next' }, 5000);
    const newest = pool.run({ echo: 'newest' }, 5000);
    expect(await Promise.all([running, oldest, next, newest])).toEqual([
      { status: 'done', value: 'running' },
      { status: 'not_run' },
      { status: 'done', value: 'next' },
      { status: 'done', value: 'newest' },
    ]);
  });

  it('runs nothing, and keeps nothing failed, when no worker can start; a later task tries again', async () => {
    pool = createWorkerPool<Task, string>({
      entry: new URL('./no-such-worker.mjs', import.meta.url),
      size: 1,
      maxQueuedWeight: 10,
      weigh: () => 1,
      maxHeapMb: 64,
    });
    const warnings: string[] = [];
    const warned = (warning: Error) => warnings.push(warning.message);
    process.on('warning', warned);
    try {
      expect(await pool.run({ echo: 'a' }, 5000)).toEqual({ status: 'not_run' });
      expect(await pool.run({ echo: 'b' }, 5000)).toEqual({ status: 'not_run' });
      await vi.waitFor(() =>
        expect(warnings.filter((w) => w.startsWith('A worker did not start'))).toHaveLength(2),
      );
      expect(pool.workerCount()).toBe(0);
    } finally {
      process.off('warning', warned);
    }
  });

  it('ends every worker on close: what runs or waits is not run, and nothing runs after', async () => {
    create({ size: 1 });
    await pool.run({ echo: 'warm' }, 5000);
    const running = pool.run({ spinMs: 60_000 }, 60_000);
    const waiting = pool.run({ echo: 'waiting' }, 5000);
    await pool.close();
    expect(await Promise.all([running, waiting])).toEqual([{ status: 'not_run' }, { status: 'not_run' }]);
    expect(pool.workerCount()).toBe(0);
    expect(await pool.run({ echo: 'late' }, 5000)).toEqual({ status: 'not_run' });
  });

  it('tells when its first worker is ready, so that the first start counts against no wait', async () => {
    create({ size: 1 });
    await pool.firstStart();
    const task = pool.run({ echo: 'first' }, 5000);
    let ready = false;
    const started = pool.firstStart().then(() => (ready = true));
    expect(ready).toBe(false);
    await started;
    expect(pool.workerCount()).toBe(1);
    expect(await task).toEqual({ status: 'done', value: 'first' });
  });

  it('replaces an ended worker at once, before the next task asks for one', async () => {
    create({ size: 1 });
    await pool.run({ echo: 'warm' }, 5000);
    expect(await pool.run({ spinMs: 60_000 }, 100)).toEqual({ status: 'over_budget' });
    expect(pool.workerCount()).toBe(1);
  });
});
