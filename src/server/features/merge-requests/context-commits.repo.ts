import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mergeRequestContextCommits } from '../../db/schema';
import { anyOf } from '../../db/any-of';

export type ContextCommitRow = typeof mergeRequestContextCommits.$inferSelect;
export type NewContextCommitRow = typeof mergeRequestContextCommits.$inferInsert;

/** A request's context commits, newest first (as the Commits tab lists commits). */
export async function listContextCommits(db: Db, mergeRequestId: number): Promise<ContextCommitRow[]> {
  return db
    .select()
    .from(mergeRequestContextCommits)
    .where(eq(mergeRequestContextCommits.mergeRequestId, mergeRequestId))
    .orderBy(desc(mergeRequestContextCommits.relativeOrder), desc(mergeRequestContextCommits.id));
}

export async function countContextCommits(db: Db, mergeRequestId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mergeRequestContextCommits)
    .where(eq(mergeRequestContextCommits.mergeRequestId, mergeRequestId));
  return row?.n ?? 0;
}

/** Inserts the rows; those whose sha the request already has are skipped (also under a race). */
export async function insertContextCommits(db: Db, rows: NewContextCommitRow[]): Promise<ContextCommitRow[]> {
  if (rows.length === 0) return [];
  return db.insert(mergeRequestContextCommits).values(rows).onConflictDoNothing().returning();
}

/** Deletes the request's context commits with these shas; answers the shas deleted. */
export async function deleteContextCommits(
  db: Db,
  mergeRequestId: number,
  shas: string[],
): Promise<string[]> {
  const rows = await db
    .delete(mergeRequestContextCommits)
    .where(
      and(
        eq(mergeRequestContextCommits.mergeRequestId, mergeRequestId),
        anyOf(mergeRequestContextCommits.sha, shas),
      ),
    )
    .returning({ sha: mergeRequestContextCommits.sha });
  return rows.map((row) => row.sha);
}
