import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { ProcessMode, ResourceCandidate } from '../../../shared/ci/resource-groups/resourceGroups';
import type { CiStatus } from '../../../shared/ci';
import { anyOf } from '../../db/any-of';
import { queryRows, type Db } from '../../db/client';
import { ciBuilds, ciResourceGroups, ciResources } from '../../db/schema';

export type ResourceGroupRow = typeof ciResourceGroups.$inferSelect;
export type ResourceRow = typeof ciResources.$inferSelect;

/**
 * The project's groups of these keys, made (with their one resource) when missing: GitLab's
 * `safe_find_or_create_by`. A pipeline created at the same time with the same key waits on the
 * unique index and then finds the group this one made. Answers key -> group id.
 */
export async function ensureResourceGroups(
  db: Db,
  projectId: number,
  keys: string[],
  now: Date,
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const made = await db
    .insert(ciResourceGroups)
    .values(keys.map((key) => ({ projectId, key, createdAt: now, updatedAt: now })))
    .onConflictDoNothing()
    .returning({ id: ciResourceGroups.id });
  if (made.length > 0)
    await db
      .insert(ciResources)
      .values(made.map(({ id }) => ({ resourceGroupId: id, createdAt: now, updatedAt: now })));
  const rows = await db
    .select({ id: ciResourceGroups.id, key: ciResourceGroups.key })
    .from(ciResourceGroups)
    .where(and(eq(ciResourceGroups.projectId, projectId), anyOf(ciResourceGroups.key, keys)));
  return new Map(rows.map((row) => [row.key, row.id]));
}

export async function findResourceGroup(db: Db, id: number): Promise<ResourceGroupRow | null> {
  const [row] = await db.select().from(ciResourceGroups).where(eq(ciResourceGroups.id, id));
  return row ?? null;
}

export async function findResourceGroupByKey(
  db: Db,
  projectId: number,
  key: string,
): Promise<ResourceGroupRow | null> {
  const [row] = await db
    .select()
    .from(ciResourceGroups)
    .where(and(eq(ciResourceGroups.projectId, projectId), eq(ciResourceGroups.key, key)));
  return row ?? null;
}

/** A project's groups, oldest first, a page of them. */
export async function listResourceGroups(
  db: Db,
  projectId: number,
  page: { offset: number; limit: number },
): Promise<{ groups: ResourceGroupRow[]; total: number }> {
  const where = eq(ciResourceGroups.projectId, projectId);
  const [groups, [counted]] = await Promise.all([
    db
      .select()
      .from(ciResourceGroups)
      .where(where)
      .orderBy(asc(ciResourceGroups.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(ciResourceGroups).where(where),
  ]);
  return { groups, total: Number(counted?.total ?? 0) };
}

export async function updateResourceGroup(
  db: Db,
  id: number,
  values: { processMode: ProcessMode; updatedAt: Date },
): Promise<ResourceGroupRow | null> {
  const [row] = await db.update(ciResourceGroups).set(values).where(eq(ciResourceGroups.id, id)).returning();
  return row ?? null;
}

/**
 * The group's resource, its row locked: whoever hands it on holds this lock, so two processes
 * finishing jobs at once hand it out once. Taken before any pipeline's lock (never after one).
 */
export async function lockResource(
  db: Db,
  resourceGroupId: number,
): Promise<(ResourceRow & { holderStatus: string | null }) | null> {
  const [row] = await db
    .select()
    .from(ciResources)
    .where(eq(ciResources.resourceGroupId, resourceGroupId))
    .orderBy(asc(ciResources.id))
    .limit(1)
    .for('update');
  if (!row) return null;
  const [holder] = row.buildId
    ? await db.select({ status: ciBuilds.status }).from(ciBuilds).where(eq(ciBuilds.id, row.buildId))
    : [];
  return { ...row, holderStatus: holder?.status ?? null };
}

export async function setResourceHolder(db: Db, id: number, buildId: number | null, now: Date) {
  await db.update(ciResources).set({ buildId, updatedAt: now }).where(eq(ciResources.id, id));
}

/** The group's current jobs that have not run yet (`waiting_for_resource_or_upcoming`), any pipeline. */
export async function listResourceCandidates(db: Db, resourceGroupId: number): Promise<ResourceCandidate[]> {
  const rows = await db
    .select({ id: ciBuilds.id, pipelineId: ciBuilds.pipelineId, status: ciBuilds.status })
    .from(ciBuilds)
    .where(
      and(
        eq(ciBuilds.resourceGroupId, resourceGroupId),
        eq(ciBuilds.retried, false),
        sql`${ciBuilds.status} in ('created', 'scheduled', 'waiting_for_resource')`,
      ),
    );
  return rows.map((row) => ({ ...row, status: row.status as CiStatus }));
}

/** The groups whose resource one of these jobs holds. */
export async function resourceGroupsHeldBy(db: Db, buildIds: number[]): Promise<number[]> {
  if (buildIds.length === 0) return [];
  const rows = await db
    .select({ id: ciResources.resourceGroupId })
    .from(ciResources)
    .where(anyOf(ciResources.buildId, buildIds));
  return rows.map((row) => row.id);
}

/**
 * Groups with a job waiting for a resource nobody (or a finished job) holds: a hand-over that
 * should have happened did not (its process died, or the holder's pipeline was deleted).
 */
export async function listStalledResourceGroups(db: Db): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select distinct b.resource_group_id as id from ci_builds b
        join ci_resources r on r.resource_group_id = b.resource_group_id
        left join ci_builds h on h.id = r.build_id
        where b.resource_group_id is not null and b.status = 'waiting_for_resource' and not b.retried
          and (r.build_id is null or h.status in ('success', 'failed', 'canceled', 'skipped'))`,
  );
  return rows.map((row) => Number(row.id));
}
