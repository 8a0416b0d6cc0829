import { and, eq, lt, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { jobs } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;
export type NewJob = { queue: string; kind: string; payload: unknown; runAt: Date; maxAttempts: number };

export async function insertJob(db: Db, job: NewJob): Promise<JobRow> {
  const [row] = await db.insert(jobs).values(job).returning();
  if (!row) throw new Error('job insert returned nothing');
  return row;
}

const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * Takes the oldest ready job whose queue has nothing running. SKIP LOCKED lets processes claim
 * side by side; if two claim jobs of one queue at once, the unique index refuses the second.
 */
export async function claimNextJob(db: Db, now: Date, workerId: string): Promise<JobRow | null> {
  const at = now.toISOString();
  try {
    const [row] = await queryRows<Record<string, unknown>>(
      db,
      sql`update jobs set state = 'running', attempts = attempts + 1, locked_at = ${at}::timestamptz,
            locked_by = ${workerId}, updated_at = ${at}::timestamptz
          where id = (
            select j.id from jobs j
            where j.state = 'queued' and j.run_at <= ${at}::timestamptz
              and not exists (select 1 from jobs r where r.queue = j.queue and r.state = 'running')
            order by j.id
            for update skip locked
            limit 1)
          returning id`,
    );
    if (!row) return null;
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.id, Number(row.id)));
    return job ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

export async function finishJob(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'done', lockedAt: null, lockedBy: null, updatedAt: now })
    .where(eq(jobs.id, id));
}

/** A failed attempt: queued again at `retryAt`, or `failed` for good when there is none. */
export async function failJob(db: Db, id: number, error: string, now: Date, retryAt: Date | null) {
  await db
    .update(jobs)
    .set({
      state: retryAt ? 'queued' : 'failed',
      runAt: retryAt ?? now,
      lastError: error.slice(0, 10_000),
      lockedAt: null,
      lockedBy: null,
      updatedAt: now,
    })
    .where(eq(jobs.id, id));
}

/** Jobs whose process died mid-run go back to the queue. */
export async function requeueStaleJobs(db: Db, lockedBefore: Date, now: Date): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ state: 'queued', lockedAt: null, lockedBy: null, updatedAt: now })
    .where(and(eq(jobs.state, 'running'), lt(jobs.lockedAt, lockedBefore)))
    .returning({ id: jobs.id });
  return rows.length;
}

export async function deleteFinishedJobs(db: Db, finishedBefore: Date): Promise<void> {
  await db.delete(jobs).where(and(eq(jobs.state, 'done'), lt(jobs.updatedAt, finishedBefore)));
}

export async function hasUnfinishedJob(db: Db, queue: string, kind: string): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.queue, queue), eq(jobs.kind, kind), sql`${jobs.state} in ('queued', 'running')`))
    .limit(1);
  return row !== undefined;
}

/** Whether a job of this kind waits in the queue, not yet started. */
export async function hasQueuedJob(db: Db, queue: string, kind: string): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.queue, queue), eq(jobs.kind, kind), eq(jobs.state, 'queued')))
    .limit(1);
  return row !== undefined;
}

export async function findJob(db: Db, id: number): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}
