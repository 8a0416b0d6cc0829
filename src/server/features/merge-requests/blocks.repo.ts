import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mergeRequestBlocks, mergeRequests } from '../../db/schema';
import { anyOf } from '../../db/any-of';

export type BlockRow = typeof mergeRequestBlocks.$inferSelect;

/** A dependency with where its blocking merge request lives, for permission checks and presentation. */
export type BlockWithBlocker = BlockRow & {
  blocker: { id: number; projectId: number; iid: number; state: string };
};

export async function listBlocksOf(db: Db, blockedMergeRequestId: number): Promise<BlockWithBlocker[]> {
  const rows = await db
    .select({
      block: mergeRequestBlocks,
      blocker: {
        id: mergeRequests.id,
        projectId: mergeRequests.projectId,
        iid: mergeRequests.iid,
        state: mergeRequests.state,
      },
    })
    .from(mergeRequestBlocks)
    .innerJoin(mergeRequests, eq(mergeRequests.id, mergeRequestBlocks.blockingMergeRequestId))
    .where(eq(mergeRequestBlocks.blockedMergeRequestId, blockedMergeRequestId))
    .orderBy(asc(mergeRequestBlocks.id));
  return rows.map((row) => ({ ...row.block, blocker: row.blocker }));
}

/**
 * Serializes changes to the dependency graph until the transaction ends, so that two requests
 * each closing half of a cycle cannot both pass the cycle check.
 */
export async function lockDependencyGraph(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('merge_request_blocks'))`);
}

/**
 * Whether `targetId` is among the merge requests `fromId` waits for, directly or through others.
 * The walk follows "is blocked by" in the database; UNION drops merge requests already seen, so it
 * ends on any graph after visiting each reachable merge request once.
 */
export async function waitsFor(db: Db, fromId: number, targetId: number): Promise<boolean> {
  const blockers = sql`(
    with recursive blockers(id) as (
      select blocking_merge_request_id from merge_request_blocks where blocked_merge_request_id = ${fromId}
      union
      select b.blocking_merge_request_id from merge_request_blocks b
        join blockers on b.blocked_merge_request_id = blockers.id
    )
    select id from blockers)`;
  const found = await db
    .select({ id: mergeRequests.id })
    .from(mergeRequests)
    .where(and(eq(mergeRequests.id, targetId), sql`${mergeRequests.id} in ${blockers}`))
    .limit(1);
  return found.length > 0;
}

/** Inserts a dependency; undefined when the pair exists already (also under a race). */
export async function insertBlock(
  db: Db,
  values: { blockingMergeRequestId: number; blockedMergeRequestId: number },
): Promise<BlockRow | undefined> {
  const [row] = await db.insert(mergeRequestBlocks).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deleteBlock(db: Db, blockedMergeRequestId: number, blockId: number): Promise<boolean> {
  const rows = await db
    .delete(mergeRequestBlocks)
    .where(
      and(
        eq(mergeRequestBlocks.id, blockId),
        eq(mergeRequestBlocks.blockedMergeRequestId, blockedMergeRequestId),
      ),
    )
    .returning({ id: mergeRequestBlocks.id });
  return rows.length > 0;
}

/**
 * For each of the given merge requests that has dependencies: whether one is still unmerged.
 * One grouped query for a whole page of merge requests.
 */
export async function dependencyStates(
  db: Db,
  blockedIds: number[],
): Promise<Map<number, 'merged' | 'unmerged'>> {
  if (blockedIds.length === 0) return new Map();
  const rows = await db
    .select({
      blockedId: mergeRequestBlocks.blockedMergeRequestId,
      unmerged: sql<number>`count(*) filter (where ${mergeRequests.state} <> 'merged')`.mapWith(Number),
    })
    .from(mergeRequestBlocks)
    .innerJoin(mergeRequests, eq(mergeRequests.id, mergeRequestBlocks.blockingMergeRequestId))
    .where(anyOf(mergeRequestBlocks.blockedMergeRequestId, blockedIds))
    .groupBy(mergeRequestBlocks.blockedMergeRequestId);
  return new Map(rows.map((row) => [row.blockedId, row.unmerged > 0 ? 'unmerged' : 'merged']));
}

/** The open merge requests a merge request blocks, to tell them when it merges or closes. */
export async function openBlockedBy(db: Db, blockingMergeRequestId: number) {
  return db
    .select({ id: mergeRequests.id, iid: mergeRequests.iid, projectId: mergeRequests.projectId })
    .from(mergeRequestBlocks)
    .innerJoin(mergeRequests, eq(mergeRequests.id, mergeRequestBlocks.blockedMergeRequestId))
    .where(
      and(
        eq(mergeRequestBlocks.blockingMergeRequestId, blockingMergeRequestId),
        eq(mergeRequests.state, 'opened'),
      ),
    );
}
