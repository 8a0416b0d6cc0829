import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ciBuildTraceChunks } from '../../db/schema';

/**
 * Writes `data` at byte `offset` of a job's log whose stored end is `size` (the caller holds the
 * job's row lock): what lay at or after `offset` is replaced, as GitLab's trace stream truncates
 * before it appends. Answers the new end.
 */
export async function writeTraceAt(db: Db, buildId: number, size: number, offset: number, data: Buffer) {
  if (offset < size) await truncateTrace(db, buildId, offset);
  if (data.length > 0) await db.insert(ciBuildTraceChunks).values({ buildId, offset, data });
  return offset + data.length;
}

/** Cuts a job's log to its first `length` bytes. */
async function truncateTrace(db: Db, buildId: number, length: number): Promise<void> {
  // The chunk that spans the cut keeps its head; every chunk after it goes.
  await db
    .update(ciBuildTraceChunks)
    .set({
      data: sql`substring(${ciBuildTraceChunks.data} from 1 for (${length} - ${ciBuildTraceChunks.offset})::integer)`,
    })
    .where(
      and(
        eq(ciBuildTraceChunks.buildId, buildId),
        sql`${ciBuildTraceChunks.offset} < ${length}`,
        sql`${ciBuildTraceChunks.offset} + length(${ciBuildTraceChunks.data}) > ${length}`,
      ),
    );
  await db
    .delete(ciBuildTraceChunks)
    .where(and(eq(ciBuildTraceChunks.buildId, buildId), gte(ciBuildTraceChunks.offset, length)));
}

/** A job's whole log, as stored. */
export async function readTrace(db: Db, buildId: number): Promise<Buffer> {
  const rows = await db
    .select({ data: ciBuildTraceChunks.data })
    .from(ciBuildTraceChunks)
    .where(eq(ciBuildTraceChunks.buildId, buildId))
    .orderBy(asc(ciBuildTraceChunks.offset));
  return Buffer.concat(rows.map((row) => row.data));
}

/** Removes a job's whole log (an erased job keeps none). */
export async function deleteTrace(db: Db, buildId: number): Promise<void> {
  await db.delete(ciBuildTraceChunks).where(eq(ciBuildTraceChunks.buildId, buildId));
}

/** A job's log from byte `from` to its stored end (only the chunks that reach past `from` are read). */
export async function readTraceFrom(db: Db, buildId: number, from: number): Promise<Buffer> {
  const rows = await db
    .select({ offset: ciBuildTraceChunks.offset, data: ciBuildTraceChunks.data })
    .from(ciBuildTraceChunks)
    .where(
      and(
        eq(ciBuildTraceChunks.buildId, buildId),
        sql`${ciBuildTraceChunks.offset} + length(${ciBuildTraceChunks.data}) > ${from}`,
      ),
    )
    .orderBy(asc(ciBuildTraceChunks.offset));
  return Buffer.concat(rows.map((row) => row.data.subarray(Math.max(0, from - row.offset))));
}
