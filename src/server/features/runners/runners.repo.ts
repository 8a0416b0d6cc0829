import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ciRegistrationTokens, ciRunnerProjects, ciRunners, namespaces } from '../../db/schema';

export type RunnerRow = typeof ciRunners.$inferSelect;
export type NewRunner = typeof ciRunners.$inferInsert;

/** What a runner says of itself in `info` (and from where it asked). */
export type RunnerDetails = Partial<
  Pick<RunnerRow, 'name' | 'version' | 'revision' | 'platform' | 'architecture' | 'executor' | 'ipAddress'>
> & { features?: Record<string, unknown> };

export async function insertRunner(db: Db, values: NewRunner, projectId?: number): Promise<RunnerRow> {
  const [row] = await db.insert(ciRunners).values(values).returning();
  if (!row) throw new Error('runner insert returned nothing');
  if (projectId !== undefined) await db.insert(ciRunnerProjects).values({ runnerId: row.id, projectId });
  return row;
}

export async function findRunnerByTokenDigest(db: Db, digest: string): Promise<RunnerRow | null> {
  const [row] = await db.select().from(ciRunners).where(eq(ciRunners.tokenDigest, digest));
  return row ?? null;
}

export async function findRunnersByIds(db: Db, ids: number[]): Promise<RunnerRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(ciRunners)
    .where(sql`${ciRunners.id} = any(${sql.param(ids)}::integer[])`);
}

/** The projects a project runner serves. */
export async function runnerProjectIds(db: Db, runnerId: number): Promise<number[]> {
  const rows = await db
    .select({ projectId: ciRunnerProjects.projectId })
    .from(ciRunnerProjects)
    .where(eq(ciRunnerProjects.runnerId, runnerId));
  return rows.map((row) => row.projectId);
}

export async function deleteRunner(db: Db, id: number): Promise<void> {
  await db.delete(ciRunners).where(eq(ciRunners.id, id));
}

/** The group's full path of a group runner, for matching the projects below it. */
export async function groupFullPath(db: Db, groupId: number): Promise<string | null> {
  const [row] = await db
    .select({ fullPath: namespaces.fullPath })
    .from(namespaces)
    .where(and(eq(namespaces.id, groupId), eq(namespaces.kind, 'group')));
  return row?.fullPath ?? null;
}

/**
 * Records that the runner asked, with what it says of itself. `contacted_at` is written at most
 * once every `minIntervalMs` (a runner asks every second while it streams a log); what it says of
 * itself is written when it says it, at registration and each job request.
 */
export async function touchRunner(
  db: Db,
  id: number,
  now: Date,
  minIntervalMs: number,
  details: RunnerDetails | null,
): Promise<void> {
  const stale = new Date(now.getTime() - minIntervalMs);
  if (details) {
    await db
      .update(ciRunners)
      .set({ ...details, contactedAt: now, updatedAt: now })
      .where(eq(ciRunners.id, id));
    return;
  }
  await db
    .update(ciRunners)
    .set({ contactedAt: now })
    .where(and(eq(ciRunners.id, id), or(isNull(ciRunners.contactedAt), lt(ciRunners.contactedAt, stale))));
}

/** Replaces the registration token of the instance (`projectId` null) or of a project. */
export async function replaceRegistrationToken(db: Db, projectId: number | null, digest: string) {
  await db
    .delete(ciRegistrationTokens)
    .where(
      projectId === null
        ? isNull(ciRegistrationTokens.projectId)
        : eq(ciRegistrationTokens.projectId, projectId),
    );
  await db.insert(ciRegistrationTokens).values({ projectId, tokenDigest: digest });
}

/** Whose registration token this is: `{ projectId: null }` for the instance's, null for none. */
export async function findRegistrationToken(
  db: Db,
  digest: string,
): Promise<{ projectId: number | null } | null> {
  const [row] = await db
    .select({ projectId: ciRegistrationTokens.projectId })
    .from(ciRegistrationTokens)
    .where(eq(ciRegistrationTokens.tokenDigest, digest));
  return row ?? null;
}

/** Every runner, oldest first (GitLab lists runners by id). */
export async function listRunners(db: Db): Promise<RunnerRow[]> {
  return db.select().from(ciRunners).orderBy(ciRunners.id);
}

export async function findRunner(db: Db, id: number): Promise<RunnerRow | null> {
  const [row] = await db.select().from(ciRunners).where(eq(ciRunners.id, id));
  return row ?? null;
}

export async function updateRunner(db: Db, id: number, values: Partial<NewRunner>, now: Date) {
  const [row] = await db
    .update(ciRunners)
    .set({ ...values, updatedAt: now })
    .where(eq(ciRunners.id, id))
    .returning();
  return row ?? null;
}

/** The runners a project may use: instance runners, those of its groups (by path), and its own. */
export async function runnersOfProject(
  db: Db,
  projectId: number,
  namespacePath: string,
): Promise<RunnerRow[]> {
  const assigned = db
    .select({ runnerId: ciRunnerProjects.runnerId })
    .from(ciRunnerProjects)
    .where(eq(ciRunnerProjects.projectId, projectId));
  const groupIds = db
    .select({ id: namespaces.id })
    .from(namespaces)
    .where(
      and(
        eq(namespaces.kind, 'group'),
        sql`(${namespacePath} = ${namespaces.fullPath} or ${namespacePath} like ${namespaces.fullPath} || '/%')`,
      ),
    );
  return db
    .select()
    .from(ciRunners)
    .where(
      or(
        eq(ciRunners.runnerType, 'instance_type'),
        and(eq(ciRunners.runnerType, 'group_type'), inArray(ciRunners.groupId, groupIds)),
        and(eq(ciRunners.runnerType, 'project_type'), inArray(ciRunners.id, assigned)),
      ),
    )
    .orderBy(ciRunners.id);
}

/** The group runners of a group (GitLab's `GET /groups/:id/runners` lists the group's own). */
export async function runnersOfGroup(db: Db, groupId: number): Promise<RunnerRow[]> {
  return db
    .select()
    .from(ciRunners)
    .where(and(eq(ciRunners.runnerType, 'group_type'), eq(ciRunners.groupId, groupId)))
    .orderBy(ciRunners.id);
}

export async function assignRunner(db: Db, runnerId: number, projectId: number): Promise<void> {
  await db.insert(ciRunnerProjects).values({ runnerId, projectId });
}

export async function unassignRunner(db: Db, runnerId: number, projectId: number): Promise<void> {
  await db
    .delete(ciRunnerProjects)
    .where(and(eq(ciRunnerProjects.runnerId, runnerId), eq(ciRunnerProjects.projectId, projectId)));
}
