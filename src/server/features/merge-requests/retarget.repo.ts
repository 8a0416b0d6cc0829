import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mergeRequests } from '../../db/schema';

/** Open merge requests of the project that target this branch, oldest first, at most `limit`. */
export async function findOpenTargeting(db: Db, projectId: number, targetBranch: string, limit: number) {
  return db
    .select({ iid: mergeRequests.iid })
    .from(mergeRequests)
    .where(
      and(
        eq(mergeRequests.projectId, projectId),
        eq(mergeRequests.targetBranch, targetBranch),
        eq(mergeRequests.state, 'opened'),
      ),
    )
    .orderBy(asc(mergeRequests.id))
    .limit(limit);
}
