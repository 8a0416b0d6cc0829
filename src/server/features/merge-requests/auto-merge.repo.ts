import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mergeRequests } from '../../db/schema';

export async function findMergeRequestRowById(db: Db, id: number) {
  const [row] = await db.select().from(mergeRequests).where(eq(mergeRequests.id, id));
  return row ?? null;
}

/** A request's state and its waiting auto-merge strategy (null when none waits), for bus listeners. */
export async function findStanding(db: Db, id: number) {
  const [row] = await db
    .select({
      state: mergeRequests.state,
      autoMergeEnabled: mergeRequests.autoMergeEnabled,
      autoMergeStrategy: mergeRequests.autoMergeStrategy,
    })
    .from(mergeRequests)
    .where(eq(mergeRequests.id, id));
  if (!row) return null;
  return { state: row.state, autoMergeStrategy: row.autoMergeEnabled ? row.autoMergeStrategy : null };
}

/** The open requests of a project whose source branch stands at `sha` (those a pipeline there is the head pipeline of). */
export async function findOpenWithHead(db: Db, head: { projectId: number; ref: string; sha: string }) {
  return db
    .select({ id: mergeRequests.id, iid: mergeRequests.iid, projectId: mergeRequests.projectId })
    .from(mergeRequests)
    .where(
      and(
        eq(mergeRequests.projectId, head.projectId),
        eq(mergeRequests.sourceBranch, head.ref),
        eq(mergeRequests.headSha, head.sha),
        eq(mergeRequests.state, 'opened'),
      ),
    );
}
