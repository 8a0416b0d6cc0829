import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import {
  groupMembers,
  internalIds,
  namespaces,
  projectMembers,
  projects,
  protectedBranches,
} from '../../db/schema';

export type ProjectRow = typeof projects.$inferSelect;
export type NamespaceRow = typeof namespaces.$inferSelect;
export type ProjectWithNamespace = { project: ProjectRow; namespace: NamespaceRow };

export async function findProjectById(db: Db, id: number): Promise<ProjectWithNamespace | undefined> {
  const [row] = await db
    .select({ project: projects, namespace: namespaces })
    .from(projects)
    .innerJoin(namespaces, eq(namespaces.id, projects.namespaceId))
    .where(eq(projects.id, id));
  return row;
}

/** `group/sub/project`: the namespace's full path and the project path, matched case-insensitively. */
export async function findProjectByFullPath(
  db: Db,
  fullPath: string,
): Promise<ProjectWithNamespace | undefined> {
  const slash = fullPath.lastIndexOf('/');
  if (slash <= 0) return undefined;
  const [row] = await db
    .select({ project: projects, namespace: namespaces })
    .from(projects)
    .innerJoin(namespaces, eq(namespaces.id, projects.namespaceId))
    .where(
      and(
        sql`lower(${namespaces.fullPath}) = lower(${fullPath.slice(0, slash)})`,
        sql`lower(${projects.path}) = lower(${fullPath.slice(slash + 1)})`,
      ),
    );
  return row;
}

export async function findNamespaceByFullPath(db: Db, fullPath: string): Promise<NamespaceRow | undefined> {
  const [row] = await db
    .select()
    .from(namespaces)
    .where(sql`lower(${namespaces.fullPath}) = lower(${fullPath})`);
  return row;
}

export async function findNamespaceById(db: Db, id: number): Promise<NamespaceRow | undefined> {
  const [row] = await db.select().from(namespaces).where(eq(namespaces.id, id));
  return row;
}

/** The ids of a namespace and all its ancestors, nearest first. */
export async function namespaceAncestry(db: Db, namespaceId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    with recursive chain(id, parent_id, depth) as (
      select id, parent_id, 0 from ${namespaces} where id = ${namespaceId}
      union all
      select n.id, n.parent_id, c.depth + 1 from ${namespaces} n join chain c on n.id = c.parent_id
    )
    select id from chain order by depth`,
  );
  return rows.map((row) => Number(row.id));
}

/** The highest of the user's project membership and their memberships in the project's groups. */
export async function projectAccessLevel(db: Db, userId: number, project: ProjectRow, groupIds: number[]) {
  const [direct] = await db
    .select({ level: projectMembers.accessLevel })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.userId, userId)));
  const inherited = groupIds.length
    ? await db
        .select({ level: sql<number>`max(${groupMembers.accessLevel})` })
        .from(groupMembers)
        .where(and(eq(groupMembers.userId, userId), sql`${groupMembers.groupId} in ${groupIds}`))
    : [];
  return Math.max(direct?.level ?? 0, Number(inherited[0]?.level ?? 0));
}

export async function groupAccessLevel(db: Db, userId: number, groupIds: number[]): Promise<number> {
  if (groupIds.length === 0) return 0;
  const [row] = await db
    .select({ level: sql<number>`max(${groupMembers.accessLevel})` })
    .from(groupMembers)
    .where(and(eq(groupMembers.userId, userId), sql`${groupMembers.groupId} in ${groupIds}`));
  return Number(row?.level ?? 0);
}

export async function insertProject(db: Db, values: typeof projects.$inferInsert): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  await db.insert(internalIds).values([
    { projectId: row.id, usage: 'merge_requests' },
    { projectId: row.id, usage: 'issues' },
  ]);
  return row;
}

export async function projectPathTaken(db: Db, namespaceId: number, path: string): Promise<boolean> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.namespaceId, namespaceId), sql`lower(${projects.path}) = lower(${path})`));
  return row !== undefined;
}

export async function insertProjectMember(db: Db, projectId: number, userId: number, accessLevel: number) {
  await db.insert(projectMembers).values({ projectId, userId, accessLevel }).onConflictDoNothing();
}

export async function insertProtectedBranch(db: Db, projectId: number, name: string): Promise<void> {
  await db.insert(protectedBranches).values({ projectId, name }).onConflictDoNothing();
}

/** Takes the next iid for a project; the row lock makes concurrent writers take turns. */
export async function nextInternalId(db: Db, projectId: number, usage: 'merge_requests' | 'issues') {
  const [row] = await db
    .update(internalIds)
    .set({ lastValue: sql`${internalIds.lastValue} + 1` })
    .where(and(eq(internalIds.projectId, projectId), eq(internalIds.usage, usage)))
    .returning({ value: internalIds.lastValue });
  if (!row) throw new Error(`no internal id counter for project ${projectId}`);
  return row.value;
}

export async function touchProjectActivity(db: Db, projectId: number, at: Date): Promise<void> {
  await db.update(projects).set({ lastActivityAt: at }).where(eq(projects.id, projectId));
}

export async function deleteProject(db: Db, projectId: number): Promise<void> {
  await db.delete(projects).where(eq(projects.id, projectId));
}
