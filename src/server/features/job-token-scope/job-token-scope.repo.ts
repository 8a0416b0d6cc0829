import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ciJobTokenProjectScopeLinks, ciJobTokenScopeSettings } from '../../db/schema';

/** Whether only allowlisted projects' job tokens reach the project (no row: yes, GitLab's default). */
export async function findInboundEnabled(db: Db, projectId: number): Promise<boolean> {
  const [row] = await db
    .select({ enabled: ciJobTokenScopeSettings.inboundEnabled })
    .from(ciJobTokenScopeSettings)
    .where(eq(ciJobTokenScopeSettings.projectId, projectId));
  return row?.enabled ?? true;
}

export async function saveInboundEnabled(
  db: Db,
  projectId: number,
  enabled: boolean,
  now: Date,
): Promise<void> {
  await db
    .insert(ciJobTokenScopeSettings)
    .values({ projectId, inboundEnabled: enabled, updatedAt: now })
    .onConflictDoUpdate({
      target: ciJobTokenScopeSettings.projectId,
      set: { inboundEnabled: enabled, updatedAt: now },
    });
}

export async function isAllowlisted(
  db: Db,
  targetProjectId: number,
  sourceProjectId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: ciJobTokenProjectScopeLinks.id })
    .from(ciJobTokenProjectScopeLinks)
    .where(
      and(
        eq(ciJobTokenProjectScopeLinks.targetProjectId, targetProjectId),
        eq(ciJobTokenProjectScopeLinks.sourceProjectId, sourceProjectId),
      ),
    );
  return row !== undefined;
}

/** The projects on a project's inbound allowlist, in the order they were added. */
export async function listAllowlist(
  db: Db,
  targetProjectId: number,
  page: { offset: number; limit: number },
): Promise<{ projectIds: number[]; total: number }> {
  const where = eq(ciJobTokenProjectScopeLinks.targetProjectId, targetProjectId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ projectId: ciJobTokenProjectScopeLinks.sourceProjectId })
      .from(ciJobTokenProjectScopeLinks)
      .where(where)
      .orderBy(asc(ciJobTokenProjectScopeLinks.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(ciJobTokenProjectScopeLinks).where(where),
  ]);
  return { projectIds: rows.map((row) => row.projectId), total: Number(counted?.total ?? 0) };
}

/** Adds a link; false when it was there already. */
export async function insertLink(
  db: Db,
  link: { targetProjectId: number; sourceProjectId: number; addedById: number },
): Promise<boolean> {
  const rows = await db
    .insert(ciJobTokenProjectScopeLinks)
    .values(link)
    .onConflictDoNothing()
    .returning({ id: ciJobTokenProjectScopeLinks.id });
  return rows.length > 0;
}

/** Removes a link; false when there was none. */
export async function deleteLink(db: Db, targetProjectId: number, sourceProjectId: number): Promise<boolean> {
  const rows = await db
    .delete(ciJobTokenProjectScopeLinks)
    .where(
      and(
        eq(ciJobTokenProjectScopeLinks.targetProjectId, targetProjectId),
        eq(ciJobTokenProjectScopeLinks.sourceProjectId, sourceProjectId),
      ),
    )
    .returning({ id: ciJobTokenProjectScopeLinks.id });
  return rows.length > 0;
}
