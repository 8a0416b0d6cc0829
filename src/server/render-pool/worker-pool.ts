import { Worker } from 'node:worker_threads';
import { threadCpuMs } from './thread-cpu';

/**
 * A task may run this many times its budget in wall time while its CPU time stays under the budget
 * (its worker waiting for a core on a busy machine); past that it is over budget all the same.
 */
const MAX_WALL_PER_BUDGET = 5;

/** How a task ended. */
export type PoolOutcome<R> =
  | { status: 'done'; value: R }
  /** It threw (a stack overflow, a bug) or its worker died under it (out of memory). */
  | { status: 'failed'; message: string }
  /**
   * It used more than its budget of CPU time (of wall time where the CPU time of a thread is not
   * known): its worker was ended, since code stuck in a regex cannot be interrupted.
   */
  | { status: 'over_budget' }
  /** It never ran: the pool closed, no worker could start, or the queue was full and it was the oldest waiting. */
  | { status: 'not_run' };

/**
 * What a worker sends: once `ready` when loaded (with its thread id from thread-cpu.ts), then one
 * `result` per task it was given.
 */
export type WorkerMessage<R> =
  | { type: 'ready'; threadId: number | null }
  | { type: 'result'; ok: true; value: R }
  | { type: 'result'; ok: false; message: string };

type Job<T, R> = { task: T; weight: number; budgetMs: number; settle: (outcome: PoolOutcome<R>) => void };

type Slot<T, R> = {
  worker: Worker;
  state: 'starting' | 'idle' | 'busy';
  job: Job<T, R> | null;
  timer: NodeJS.Timeout | null;
  threadId: number | null;
  /** When the task began, in wall time and in the worker's CPU time. */
  began: { wallMs: number; cpuMs: number | null };
  /** The uncaught error the worker died of, for the task it was running. */
  error: string | null;
};

export type WorkerPoolOptions<T> = {
  /** The worker's module: it posts `ready` once loaded, then answers each task with one `result`. */
  entry: URL;
  /** Workers at most; they start when tasks wait for one, not before. */
  size: number;
  /**
   * How much may wait, by the tasks' weight (`weigh`): past it the oldest waiting are dropped
   * (`not_run`), so a flood of large tasks cannot hold the memory of all of them.
   */
  maxQueuedWeight: number;
  weigh: (task: T) => number;
  /** A worker's heap; a task that needs more fails alone instead of taking the server down. */
  maxHeapMb: number;
};

/**
 * A pool of worker threads, one task at a time each, in order of arrival. A task's budget is the
 * worker's CPU time from the moment it takes the task (not the task's wait, nor a worker's start),
 * and a worker whose task outruns it is terminated and replaced. Workers hold the process open only
 * while busy.
 */
export function createWorkerPool<T, R>(options: WorkerPoolOptions<T>) {
  const { entry, size, maxQueuedWeight, weigh, maxHeapMb } = options;
  const slots = new Set<Slot<T, R>>();
  const queue: Array<Job<T, R>> = [];
  let queuedWeight = 0;
  let closed = false;
  /** Whether a worker has been ready once; callers of firstStart() waiting for that. */
  let warm = false;
  const startWaiters: Array<() => void> = [];

  function run(task: T, budgetMs: number): Promise<PoolOutcome<R>> {
    if (closed) return Promise.resolve({ status: 'not_run' });
    return new Promise((settle) => {
      const job = { task, weight: weigh(task), budgetMs, settle };
      queue.push(job);
      queuedWeight += job.weight;
      while (queuedWeight > maxQueuedWeight && queue.length > 1) take()?.settle({ status: 'not_run' });
      dispatch();
    });
  }

  function take(): Job<T, R> | undefined {
    const job = queue.shift();
    if (job) queuedWeight -= job.weight;
    return job;
  }

  function dispatch(): void {
    for (const slot of slots) {
      const job = slot.state === 'idle' ? take() : undefined;
      if (job) assign(slot, job);
    }
    let starting = [...slots].filter((slot) => slot.state === 'starting').length;
    while (queue.length > starting && slots.size < size) {
      start();
      starting++;
    }
  }

  function start(): void {
    const worker = new Worker(entry, {
      // The worker loads TypeScript itself (see render-worker.mjs), whatever started this process.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    });
    const slot: Slot<T, R> = {
      worker,
      state: 'starting',
      job: null,
      timer: null,
      threadId: null,
      began: { wallMs: 0, cpuMs: null },
      error: null,
    };
    slots.add(slot);
    worker.on('message', (message: WorkerMessage<R>) => received(slot, message));
    worker.on('error', (error) => (slot.error = error.message));
    worker.on('exit', () => exited(slot));
  }

  function assign(slot: Slot<T, R>, job: Job<T, R>): void {
    slot.state = 'busy';
    slot.job = job;
    slot.worker.ref();
    slot.began = { wallMs: performance.now(), cpuMs: cpuOf(slot) };
    slot.timer = setTimeout(() => checkBudget(slot, job), job.budgetMs);
    slot.worker.postMessage(job.task);
  }

  const cpuOf = (slot: Slot<T, R>): number | null =>
    slot.threadId === null ? null : threadCpuMs(slot.threadId);

  /**
   * The budget is CPU time: a worker that waited for a core (other work on the machine) has not
   * spent it, and is given the rest; one that spent it is ended.
   */
  function checkBudget(slot: Slot<T, R>, job: Job<T, R>): void {
    if (slot.job !== job) return;
    const now = cpuOf(slot);
    const spent = now === null || slot.began.cpuMs === null ? job.budgetMs : now - slot.began.cpuMs;
    const wall = performance.now() - slot.began.wallMs;
    if (spent >= job.budgetMs || wall >= job.budgetMs * MAX_WALL_PER_BUDGET)
      return end(slot, { status: 'over_budget' });
    slot.timer = setTimeout(() => checkBudget(slot, job), Math.max(job.budgetMs - spent, 20));
  }

  function received(slot: Slot<T, R>, message: WorkerMessage<R>): void {
    if (!slots.has(slot)) return;
    if (message.type === 'ready') {
      slot.threadId = message.threadId;
      slot.state = 'idle';
      slot.worker.unref();
      warmedUp();
    } else if (slot.job) {
      const job = slot.job;
      clearTimeout(slot.timer ?? undefined);
      slot.state = 'idle';
      slot.job = null;
      slot.worker.unref();
      job.settle(
        message.ok
          ? { status: 'done', value: message.value }
          : { status: 'failed', message: message.message },
      );
    }
    dispatch();
  }

  /**
   * Ends a worker before its task is done, and starts its replacement at once: the next task
   * should not wait for a start, nor count it against its wait.
   */
  function end(slot: Slot<T, R>, outcome: PoolOutcome<R>): void {
    if (!slots.delete(slot)) return;
    clearTimeout(slot.timer ?? undefined);
    slot.job?.settle(outcome);
    slot.job = null;
    void slot.worker.terminate();
    if (!closed && slots.size < size) start();
    dispatch();
  }

  function exited(slot: Slot<T, R>): void {
    if (!slots.has(slot)) return;
    if (slot.state === 'starting') {
      // A worker that cannot start would fail the same way for every task waiting: they are not
      // run (nothing about them failed), and the next task tries a new worker.
      slots.delete(slot);
      process.emitWarning(`A worker did not start: ${slot.error ?? 'it exited'}`, { code: 'WORKER_START' });
      for (let job = take(); job; job = take()) job.settle({ status: 'not_run' });
      warmedUp();
      return;
    }
    end(slot, { status: 'failed', message: slot.error ?? 'the worker exited' });
  }

  function warmedUp(): void {
    warm = true;
    for (const resolve of startWaiters.splice(0)) resolve();
  }

  /**
   * Settles once the pool's first worker is ready (or failed to start), at once ever after: the
   * first start (half a second and more: TypeScript compiled, the libraries loaded) is no time of
   * the first answer's. A pool that was never asked for anything settles at once.
   */
  function firstStart(): Promise<void> {
    if (warm || closed || slots.size === 0) return Promise.resolve();
    return new Promise((resolve) => startWaiters.push(resolve));
  }

  /** Ends every worker; tasks still waiting or running end `not_run`. */
  async function close(): Promise<void> {
    closed = true;
    warmedUp();
    for (let job = take(); job; job = take()) job.settle({ status: 'not_run' });
    const ending = [...slots];
    slots.clear();
    await Promise.all(
      ending.map((slot) => {
        clearTimeout(slot.timer ?? undefined);
        slot.job?.settle({ status: 'not_run' });
        return slot.worker.terminate();
      }),
    );
  }

  /** Workers alive now (starting, idle or busy). */
  const workerCount = () => slots.size;

  return { run, firstStart, close, workerCount };
}

export type WorkerPool<T, R> = ReturnType<typeof createWorkerPool<T, R>>;
