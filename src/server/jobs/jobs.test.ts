import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { systemRandom } from '../clock';
import { createInProcessBus } from '../realtime/bus';
import { jobs } from '../db/schema';
import { createJobQueue, POLL_INTERVAL_MS, retryDelayMs, STALE_AFTER_MS, type JobQueue } from './jobs';

/** A clock the test moves by hand. */
const pinnedClock = (start: string) => {
  let now = new Date(start);
  return { now: () => now, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
};

/** A promise the test resolves when it wants the job in hand to end. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('job queue', () => {
  let t: TestApp;
  const clock = pinnedClock('2031-05-01T12:00:00Z');
  // Two queues on one database stand for two app processes.
  let first: JobQueue;
  let second: JobQueue;
  let queueNumber = 0;
  const nextQueue = () => `merge_request:${++queueNumber}`;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const deps = { db: t.container.db, clock, bus: t.deps.bus, random: systemRandom };
    first = createJobQueue(deps);
    second = createJobQueue(deps);
  });
  afterAll(async () => {
    await first.stop();
    await second.stop();
    await t.close();
  });

  const stateOf = async (id: number) => (await t.container.db.select().from(jobs).where(eq(jobs.id, id)))[0];

  it('runs a job once, with its payload, and marks it done', async () => {
    const seen: unknown[] = [];
    first.register('count', async (payload) => void seen.push(payload));
    second.register('count', async (payload) => void seen.push(payload));
    const job = await first.enqueue({ queue: nextQueue(), kind: 'count', payload: { n: 1 } });
    await Promise.all([first.drain(), second.drain()]);
    expect(seen).toEqual([{ n: 1 }]);
    expect((await stateOf(job.id))?.state).toBe('done');
  });

  it('announces the end of every job, done or failed, so pages showing it in progress refresh', async () => {
    const [okQueue, brokenQueue] = [nextQueue(), nextQueue()];
    const ended: string[] = [];
    // Only this test's queues: on PostgreSQL an earlier test's announcement can still be on its way.
    const unsubscribe = t.deps.bus.subscribe((event) => {
      if (event.type === 'job.finished' && [okQueue, brokenQueue].includes(event.queue))
        ended.push(event.queue);
    });
    first.register('ok', async () => undefined);
    first.register('broken', async () => {
      throw new Error('no');
    });
    await first.enqueue({ queue: okQueue, kind: 'ok', payload: {} });
    await first.enqueue({ queue: brokenQueue, kind: 'broken', payload: {}, maxAttempts: 1 });
    await first.drain();
    // On PostgreSQL the bus delivers through LISTEN/NOTIFY, a moment after the publish.
    await expect.poll(() => ended).toEqual([okQueue, brokenQueue]);
    unsubscribe();
  });

  it('runs one job of a queue at a time across processes, in order', async () => {
    const queue = nextQueue();
    const hold = gate();
    const order: string[] = [];
    const step = (held: Promise<void>) => async (payload: unknown) => {
      const { n } = payload as { n: number };
      order.push(`start ${n}`);
      if (n === 1) await held;
      order.push(`end ${n}`);
    };
    first.register('step', step(hold.opened));
    second.register('step', step(hold.opened));
    await first.enqueue({ queue, kind: 'step', payload: { n: 1 } });
    await first.enqueue({ queue, kind: 'step', payload: { n: 2 } });
    const running = first.runNext();
    await expect.poll(() => order).toEqual(['start 1']);
    // The other process finds nothing it may take while job 1 holds the queue.
    expect(await second.runNext()).toBe(false);
    hold.open();
    await running;
    expect(await second.runNext()).toBe(true);
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('tells a queued job from a running one, so a check asked for meanwhile is queued behind it', async () => {
    const queue = nextQueue();
    const hold = gate();
    first.register('check', async () => hold.opened);
    await first.enqueue({ queue, kind: 'check', payload: {} });
    expect(await first.hasQueued(queue, 'check')).toBe(true);
    const running = first.runNext();
    await expect.poll(() => first.hasQueued(queue, 'check')).toBe(false);
    // Running: unfinished (a rebase in progress shows so), but not waiting to read what comes next.
    expect(await first.hasUnfinished(queue, 'check')).toBe(true);
    hold.open();
    await running;
    expect(await first.hasUnfinished(queue, 'check')).toBe(false);
  });

  it('runs jobs of different queues side by side', async () => {
    const hold = gate();
    first.register('slow', async () => hold.opened);
    second.register('quick', async () => undefined);
    const slow = await first.enqueue({ queue: nextQueue(), kind: 'slow', payload: {} });
    const quick = await first.enqueue({ queue: nextQueue(), kind: 'quick', payload: {} });
    const running = first.runNext();
    await expect.poll(async () => (await stateOf(slow.id))?.state).toBe('running');
    expect(await second.runNext()).toBe(true);
    expect((await stateOf(quick.id))?.state).toBe('done');
    hold.open();
    await running;
  });

  it('retries a failing job with growing delays, then gives up and keeps the error', async () => {
    first.register('flaky', async () => {
      throw new Error('the disk is full');
    });
    const job = await first.enqueue({ queue: nextQueue(), kind: 'flaky', payload: {}, maxAttempts: 2 });
    expect(await first.runNext()).toBe(true);
    let row = await stateOf(job.id);
    expect(row?.state).toBe('queued');
    expect(row?.runAt.getTime()).toBe(clock.now().getTime() + retryDelayMs(1));
    // Not before its time.
    expect(await first.runNext()).toBe(false);
    clock.advance(retryDelayMs(1));
    expect(await first.runNext()).toBe(true);
    row = await stateOf(job.id);
    expect(row?.state).toBe('failed');
    expect(row?.attempts).toBe(2);
    expect(row?.lastError).toContain('the disk is full');
  });

  it('gives a job whose process died back to the queue, and another process finishes it', async () => {
    const ran: string[] = [];
    second.register('orphan', async () => void ran.push('second'));
    const job = await first.enqueue({ queue: nextQueue(), kind: 'orphan', payload: {} });
    await t.container.db
      .update(jobs)
      .set({ state: 'running', lockedAt: clock.now(), lockedBy: 'worker-dead', attempts: 1 })
      .where(eq(jobs.id, job.id));
    await second.tick();
    expect(ran).toEqual([]);
    clock.advance(STALE_AFTER_MS + 1000);
    await second.tick();
    expect(ran).toEqual(['second']);
    expect((await stateOf(job.id))?.state).toBe('done');
  });

  it('wakes a started worker as soon as a job is enqueued, and stop waits for the job in hand', async () => {
    const done = gate();
    first.register('wake', async () => done.open());
    first.start((error) => {
      throw error;
    });
    await second.enqueue({ queue: nextQueue(), kind: 'wake', payload: {} });
    await done.opened;
    await first.stop();
  });

  it('wakes a started worker when the transaction that enqueued a job commits, not before', async () => {
    const done = gate();
    first.register('after-commit', async () => done.open());
    first.start((error) => {
      throw error;
    });
    await t.container.db.transaction(async (tx) => {
      await second.enqueue({ queue: nextQueue(), kind: 'after-commit', payload: {} }, tx);
      // Time for a worker woken by the insert alone to look, find nothing yet, and go back to sleep.
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    // Well before the fallback poll: the commit itself woke the worker.
    const late = new Promise<string>((resolve) => setTimeout(() => resolve('late'), POLL_INTERVAL_MS / 2));
    expect(await Promise.race([done.opened.then(() => 'woken'), late])).toBe('woken');
    await first.stop();
  });

  it('looks for jobs when the bus resumed, as announcements of jobs may have been lost meanwhile', async () => {
    const done = gate();
    first.register('unannounced', async () => done.open());
    first.start((error) => {
      throw error;
    });
    // Enqueued by a process whose announcement never arrives.
    const unheard = createJobQueue({
      db: t.container.db,
      clock,
      bus: createInProcessBus(),
      random: systemRandom,
    });
    await unheard.enqueue({ queue: nextQueue(), kind: 'unannounced', payload: {} });
    await t.deps.bus.publish({ type: 'bus.resumed' });
    const late = new Promise<string>((resolve) => setTimeout(() => resolve('late'), POLL_INTERVAL_MS / 2));
    expect(await Promise.race([done.opened.then(() => 'woken'), late])).toBe('woken');
    await first.stop();
  });
});
