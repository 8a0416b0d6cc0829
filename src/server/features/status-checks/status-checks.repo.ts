import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  externalStatusCheckProtectedBranches,
  externalStatusChecks,
  mergeRequests,
  protectedBranches,
  statusCheckResponses,
} from '../../db/schema';
import { anyOf } from '../../db/any-of';

export type StatusCheckRow = typeof externalStatusChecks.$inferSelect;
export type StatusCheckResponseRow = typeof statusCheckResponses.$inferSelect;
export type ProtectedBranchRef = typeof protectedBranches.$inferSelect;

/** A status check with the protected branches it is scoped to (none: every branch). */
export type StatusCheck = StatusCheckRow & { protectedBranches: ProtectedBranchRef[] };

export async function listStatusChecks(db: Db, projectIds: number[]): Promise<StatusCheck[]> {
  if (projectIds.length === 0) return [];
  const rows = await db
    .select({ check: externalStatusChecks, branch: protectedBranches })
    .from(externalStatusChecks)
    .leftJoin(
      externalStatusCheckProtectedBranches,
      eq(externalStatusCheckProtectedBranches.externalStatusCheckId, externalStatusChecks.id),
    )
    .leftJoin(
      protectedBranches,
      eq(protectedBranches.id, externalStatusCheckProtectedBranches.protectedBranchId),
    )
    .where(anyOf(externalStatusChecks.projectId, projectIds))
    .orderBy(asc(externalStatusChecks.id), asc(protectedBranches.id));
  const checks = new Map<number, StatusCheck>();
  for (const { check, branch } of rows) {
    const found = checks.get(check.id) ?? { ...check, protectedBranches: [] };
    if (branch) found.protectedBranches.push(branch);
    checks.set(check.id, found);
  }
  return [...checks.values()];
}

export async function insertStatusCheck(
  tx: Db,
  values: { projectId: number; name: string; externalUrl: string },
): Promise<StatusCheckRow | undefined> {
  const [row] = await tx.insert(externalStatusChecks).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateStatusCheck(
  tx: Db,
  id: number,
  values: { name?: string; externalUrl?: string; updatedAt: Date },
): Promise<void> {
  await tx.update(externalStatusChecks).set(values).where(eq(externalStatusChecks.id, id));
}

export async function setStatusCheckBranches(tx: Db, checkId: number, branchIds: number[]): Promise<void> {
  await tx
    .delete(externalStatusCheckProtectedBranches)
    .where(eq(externalStatusCheckProtectedBranches.externalStatusCheckId, checkId));
  if (branchIds.length > 0)
    await tx
      .insert(externalStatusCheckProtectedBranches)
      .values(branchIds.map((protectedBranchId) => ({ externalStatusCheckId: checkId, protectedBranchId })));
}

export async function deleteStatusCheck(db: Db, projectId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(externalStatusChecks)
    .where(and(eq(externalStatusChecks.projectId, projectId), eq(externalStatusChecks.id, id)))
    .returning({ id: externalStatusChecks.id });
  return rows.length > 0;
}

export async function protectedBranchesByIds(db: Db, projectId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(protectedBranches)
    .where(and(eq(protectedBranches.projectId, projectId), anyOf(protectedBranches.id, ids)));
}

/**
 * The latest response of each status check for the merge requests' current head commits: an
 * answer about an earlier head says nothing about this one.
 */
export async function latestResponsesForHeads(
  db: Db,
  mergeRequestIds: number[],
): Promise<StatusCheckResponseRow[]> {
  if (mergeRequestIds.length === 0) return [];
  return db
    .selectDistinctOn([statusCheckResponses.mergeRequestId, statusCheckResponses.externalStatusCheckId], {
      response: statusCheckResponses,
    })
    .from(statusCheckResponses)
    .innerJoin(
      mergeRequests,
      and(
        eq(mergeRequests.id, statusCheckResponses.mergeRequestId),
        eq(mergeRequests.headSha, statusCheckResponses.sha),
      ),
    )
    .where(anyOf(statusCheckResponses.mergeRequestId, mergeRequestIds))
    .orderBy(
      statusCheckResponses.mergeRequestId,
      statusCheckResponses.externalStatusCheckId,
      desc(statusCheckResponses.id),
    )
    .then((rows) => rows.map((row) => row.response));
}

export async function insertResponse(
  tx: Db,
  values: {
    mergeRequestId: number;
    externalStatusCheckId: number;
    sha: string;
    status: 'pending' | 'passed' | 'failed';
    createdAt: Date;
  },
): Promise<StatusCheckResponseRow> {
  const [row] = await tx.insert(statusCheckResponses).values(values).returning();
  if (!row) throw new Error('status check response insert returned nothing');
  return row;
}

export async function markRetried(tx: Db, id: number, at: Date): Promise<void> {
  await tx.update(statusCheckResponses).set({ retriedAt: at }).where(eq(statusCheckResponses.id, id));
}

export async function findResponse(db: Db, id: number): Promise<StatusCheckResponseRow | undefined> {
  const [row] = await db.select().from(statusCheckResponses).where(eq(statusCheckResponses.id, id));
  return row;
}
