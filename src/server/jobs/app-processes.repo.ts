import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { queryRows, type Db } from '../db/client';
import { appProcesses } from '../db/schema';

/**
 * The advisory lock class of app process liveness (PostgreSQL's two-key advisory locks: this
 * class, the process's id). "MW" in ASCII, kept apart from any other lock the app may take.
 */
const LIVENESS_LOCK_CLASS = 0x4d57;

export async function insertAppProcess(
  db: Db,
  row: { host: string; pid: number; startedAt: Date },
): Promise<number> {
  const [inserted] = await db.insert(appProcesses).values(row).returning({ id: appProcesses.id });
  if (!inserted) throw new Error('app process insert returned nothing');
  return inserted.id;
}

export async function deleteAppProcess(db: Db, id: number): Promise<void> {
  await db.delete(appProcesses).where(eq(appProcesses.id, id));
}

/**
 * Takes the process's liveness lock on its own connection, held for as long as that connection
 * lives: PostgreSQL lets go of it when the process dies, however it dies.
 */
export async function holdLivenessLock(client: pg.Client, id: number): Promise<void> {
  await client.query('SELECT pg_advisory_lock($1, $2)', [LIVENESS_LOCK_CLASS, id]);
}

/** The ids, among these, whose process holds its liveness lock (PostgreSQL only). */
export async function idsHoldingLivenessLock(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ objid: string | number }>(
    db,
    sql`select objid from pg_locks
        where locktype = 'advisory' and granted and objsubid = 2
          and classid = ${LIVENESS_LOCK_CLASS}::int::oid
          and objid::text::int in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  return new Set(rows.map((row) => Number(row.objid)));
}
