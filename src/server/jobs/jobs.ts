import type { Clock, Random } from '../clock';
import type { Db } from '../db/client';
import type { EventBus } from '../realtime/bus';
import {
  claimNextJob,
  deleteFinishedJobs,
  failJob,
  finishJob,
  hasQueuedJob,
  hasUnfinishedJob,
  insertJob,
  requeueStaleJobs,
  type JobRow,
} from './jobs.repo';

export type { JobRow };

export type JobHandler = (payload: unknown, job: JobRow) => Promise<void>;

/** How long a running job may hold its queue before another process assumes its worker died. */
export const STALE_AFTER_MS = 10 * 60_000;
/** The fallback poll, for delayed jobs and a missed wake-up. */
export const POLL_INTERVAL_MS = 5_000;
const KEEP_FINISHED_MS = 24 * 60 * 60_000;

/** Seconds to wait before attempt n + 1: 2, 4, 8, ... capped at five minutes. */
export const retryDelayMs = (attempts: number): number => Math.min(2 ** attempts * 1000, 300_000);

export type NewQueuedJob = {
  queue: string;
  kind: string;
  payload: unknown;
  runAt: Date;
  maxAttempts?: number;
};

/**
 * Adds a job within `tx` (both land or neither does) and wakes the workers once it commits; for
 * code that holds a transaction but not the queue (CI processing schedules its own follow-ups).
 */
export async function enqueueWithin(tx: Db, bus: EventBus, job: NewQueuedJob): Promise<JobRow> {
  const row = await insertJob(tx, { ...job, maxAttempts: job.maxAttempts ?? 3 });
  // Heard once `tx` commits: a worker woken earlier would not see the job yet.
  await bus.publish({ type: 'job.enqueued', queue: job.queue }, tx);
  return row;
}

/**
 * As `enqueueWithin`, unless a job of this kind already waits in the queue (not yet started):
 * that one will do what this one would, so repeated requests do not pile up.
 */
export async function enqueueOnceWithin(tx: Db, bus: EventBus, job: NewQueuedJob): Promise<void> {
  if (await hasQueuedJob(tx, job.queue, job.kind)) return;
  await enqueueWithin(tx, bus, job);
}

/**
 * A table-backed job queue (see docs/decisions.md for why not graphile-worker). Every app process
 * runs a worker; PostgreSQL decides who runs what, so a job runs once and one merge request's
 * jobs run in order, even with several processes or after a crash.
 */
export function createJobQueue({
  db,
  clock,
  bus,
  random,
}: {
  db: Db;
  clock: Clock;
  bus: EventBus;
  random: Random;
}) {
  const handlers = new Map<string, JobHandler>();
  const workerId = `worker-${random.token(6)}`;
  let draining: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;

  function register(kind: string, handler: JobHandler): void {
    handlers.set(kind, handler);
  }

  /** Adds a job; pass the transaction that made it necessary so both land or neither does. */
  async function enqueue(
    job: { queue: string; kind: string; payload: unknown; runAt?: Date; maxAttempts?: number },
    tx: Db = db,
  ): Promise<JobRow> {
    return enqueueWithin(tx, bus, { ...job, runAt: job.runAt ?? clock.now() });
  }

  /** Runs one ready job; false when there was none to claim. */
  async function runNext(): Promise<boolean> {
    const job = await claimNextJob(db, clock.now(), workerId);
    if (!job) return false;
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, job);
      await finishJob(db, job.id, clock.now());
    } catch (error) {
      const now = clock.now();
      const retryAt =
        job.attempts < job.maxAttempts ? new Date(now.getTime() + retryDelayMs(job.attempts)) : null;
      await failJob(
        db,
        job.id,
        error instanceof Error ? (error.stack ?? error.message) : String(error),
        now,
        retryAt,
      );
    }
    await bus.publish({ type: 'job.finished', queue: job.queue });
    return true;
  }

  /** Runs ready jobs until none is left; a call during a drain makes it look once more. */
  function drain(): Promise<void> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      try {
        do {
          again = false;
          while (await runNext());
        } while (again);
      } finally {
        draining = null;
      }
    })();
    return draining;
  }

  async function tick(): Promise<void> {
    const now = clock.now();
    await requeueStaleJobs(db, new Date(now.getTime() - STALE_AFTER_MS), now);
    await deleteFinishedJobs(db, new Date(now.getTime() - KEEP_FINISHED_MS));
    await drain();
  }

  /** Starts this process's worker: woken by every enqueue on the bus (or its resumption), and by a slow poll. */
  function start(onError: (error: unknown) => void): void {
    if (!stopped) return;
    stopped = false;
    const wake = () => {
      if (!stopped) drain().catch(onError);
    };
    unsubscribe = bus.subscribe((event) => {
      if (event.type === 'job.enqueued' || event.type === 'bus.resumed') wake();
    });
    const poll = () => {
      timer = setTimeout(() => {
        tick()
          .catch(onError)
          .finally(() => {
            if (!stopped) poll();
          });
      }, POLL_INTERVAL_MS);
    };
    poll();
    wake();
  }

  /** Stops taking jobs and waits for the one in hand. */
  async function stop(): Promise<void> {
    stopped = true;
    if (timer) clearTimeout(timer);
    unsubscribe?.();
    // A job's failure was reported where it ran (runNext's onError); stopping only waits for it.
    await draining?.catch(() => undefined);
  }

  const hasUnfinished = (queue: string, kind: string) => hasUnfinishedJob(db, queue, kind);
  const hasQueued = (queue: string, kind: string) => hasQueuedJob(db, queue, kind);

  return { register, enqueue, runNext, drain, tick, start, stop, hasUnfinished, hasQueued };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
