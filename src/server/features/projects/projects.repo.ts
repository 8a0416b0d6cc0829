import { and, asc, count, desc, eq, gt, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ACCESS_LEVELS, type Visibility } from '../../../shared/access/accessLevels';
import type { ProjectOrderBy } from '../../../shared/api/projects';
import type { Db } from '../../db/client';
import { groupMembers, internalIds, namespaces, projectMembers, projects } from '../../db/schema';
import { anyOf } from '../../db/any-of';
import type { NamespaceRow } from '../namespaces/namespaces.service';
import {
  ancestrySql,
  directProjectLevelSql,
  effectiveLevelSql,
  inheritedGroupLevelSql,
  membershipLevelSql,
  namespaceFullNameSql,
} from '../../db/namespace-sql';

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectWithNamespace = { project: ProjectRow; namespace: NamespaceRow };

/** `group/sub/project`: the namespace's full path and the project path, matched case-insensitively. */
const fullPathMatches = (fullPath: string): SQL | undefined => {
  const slash = fullPath.lastIndexOf('/');
  if (slash <= 0) return undefined;
  return and(
    sql`lower(${namespaces.fullPath}) = lower(${fullPath.slice(0, slash)})`,
    sql`lower(${projects.path}) = lower(${fullPath.slice(slash + 1)})`,
  );
};

export type ProjectForUser = ProjectWithNamespace & {
  /** The project's groups, nearest first; none in a personal namespace. */
  groupIds: number[];
  /** The user's highest project or group membership; 0 for none or no user. */
  memberLevel: number;
};

/**
 * A project by id or full path, with its groups and the user's membership, in one statement:
 * every project-scoped request starts here.
 */
export async function findProjectForUser(
  db: Db,
  ref: { id: number } | { fullPath: string },
  userId: number | null,
): Promise<ProjectForUser | undefined> {
  const where = 'id' in ref ? eq(projects.id, ref.id) : fullPathMatches(ref.fullPath);
  if (!where) return undefined;
  const [row] = await db
    .select({
      project: projects,
      namespace: namespaces,
      ancestry: ancestrySql,
      memberLevel: userId === null ? sql<number>`0` : membershipLevelSql(userId),
    })
    .from(projects)
    .innerJoin(namespaces, eq(namespaces.id, projects.namespaceId))
    .where(where);
  if (!row) return undefined;
  const { ancestry, memberLevel, ...found } = row;
  return {
    ...found,
    groupIds: found.namespace.kind === 'group' ? ancestry.map(Number) : [],
    memberLevel: Number(memberLevel),
  };
}

/**
 * The same for many users at once, in one statement: each user's highest level; users with no
 * membership are absent from the map.
 */
export async function projectAccessLevels(
  db: Db,
  userIds: number[],
  projectId: number,
  groupIds: number[],
): Promise<Map<number, number>> {
  const levels = new Map<number, number>();
  if (userIds.length === 0) return levels;
  const direct = db
    .select({ userId: projectMembers.userId, level: projectMembers.accessLevel })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), anyOf(projectMembers.userId, userIds)));
  const rows = groupIds.length
    ? await direct.unionAll(
        db
          .select({ userId: groupMembers.userId, level: groupMembers.accessLevel })
          .from(groupMembers)
          .where(and(anyOf(groupMembers.userId, userIds), anyOf(groupMembers.groupId, groupIds))),
      )
    : await direct;
  for (const { userId, level } of rows) levels.set(userId, Math.max(levels.get(userId) ?? 0, level));
  return levels;
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

/** What a project numbers by its own iids. */
export type InternalIdUsage = (typeof internalIds.$inferSelect)['usage'];

/**
 * Takes the next iid for a project; the row lock makes concurrent writers take turns. A counter
 * a project does not have yet (pipelines of a project older than pipelines) starts at 1.
 */
export async function nextInternalId(db: Db, projectId: number, usage: InternalIdUsage) {
  const [row] = await db
    .insert(internalIds)
    .values({ projectId, usage, lastValue: 1 })
    .onConflictDoUpdate({
      target: [internalIds.projectId, internalIds.usage],
      set: { lastValue: sql`${internalIds.lastValue} + 1` },
    })
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

export type ProjectListFilter = {
  actor: { id: number; admin: boolean } | null;
  membership?: boolean;
  owned?: boolean;
  search?: string;
  visibility?: Visibility;
  archived?: boolean;
  namespaceId?: number;
  /** Projects in a group, and with `includeSubgroups` in its descendants too. */
  group?: { id: number; fullPath: string; includeSubgroups: boolean };
  orderBy: ProjectOrderBy;
  sort: 'asc' | 'desc';
};

export type ProjectListRow = ProjectWithNamespace & {
  namespaceFullName: string;
  projectAccess: number;
  groupAccess: number;
};

const ORDER_COLUMNS = {
  id: projects.id,
  name: projects.name,
  path: projects.path,
  created_at: projects.createdAt,
  updated_at: projects.lastActivityAt,
  last_activity_at: projects.lastActivityAt,
} as const;

function projectListConditions(filter: ProjectListFilter): SQL | undefined {
  const { actor } = filter;
  const level = actor ? effectiveLevelSql(actor.id) : sql<number>`0`;
  const conditions: (SQL | undefined)[] = [];
  if (!actor) conditions.push(eq(projects.visibility, 'public'));
  else if (!actor.admin)
    conditions.push(or(inArray(projects.visibility, ['public', 'internal']), gt(level, 0)));
  if (filter.membership) conditions.push(gt(level, 0));
  if (filter.owned) conditions.push(gte(level, ACCESS_LEVELS.owner));
  if (filter.visibility) conditions.push(eq(projects.visibility, filter.visibility));
  if (filter.archived !== undefined) conditions.push(eq(projects.archived, filter.archived));
  if (filter.namespaceId !== undefined) conditions.push(eq(projects.namespaceId, filter.namespaceId));
  if (filter.group) {
    const { id, fullPath, includeSubgroups } = filter.group;
    conditions.push(
      includeSubgroups
        ? or(
            eq(projects.namespaceId, id),
            sql`starts_with(lower(${namespaces.fullPath}), lower(${fullPath}) || '/')`,
          )
        : eq(projects.namespaceId, id),
    );
  }
  if (filter.search) {
    conditions.push(
      or(
        sql`strpos(lower(${projects.name}), lower(${filter.search})) > 0`,
        sql`strpos(lower(${projects.path}), lower(${filter.search})) > 0`,
      ),
    );
  }
  return and(...conditions);
}

/** Projects the actor may see, with their direct and inherited access levels, one page at a time. */
export async function listProjects(
  db: Db,
  filter: ProjectListFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: ProjectListRow[]; total: number }> {
  const where = projectListConditions(filter);
  const userId = filter.actor?.id;
  const direction = filter.sort === 'asc' ? asc : desc;
  const rows = await db
    .select({
      project: projects,
      namespace: namespaces,
      namespaceFullName: namespaceFullNameSql(),
      projectAccess: userId ? directProjectLevelSql(userId) : sql<number>`0`,
      groupAccess: userId ? inheritedGroupLevelSql(userId) : sql<number>`0`,
    })
    .from(projects)
    .innerJoin(namespaces, eq(namespaces.id, projects.namespaceId))
    .where(where)
    .orderBy(direction(ORDER_COLUMNS[filter.orderBy]), direction(projects.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db
    .select({ n: count() })
    .from(projects)
    .innerJoin(namespaces, eq(namespaces.id, projects.namespaceId))
    .where(where);
  return {
    rows: rows.map((row) => ({
      ...row,
      projectAccess: Number(row.projectAccess),
      groupAccess: Number(row.groupAccess),
    })),
    total: total?.n ?? 0,
  };
}

/** The ids of every project a list with `filter` would hold, in no order (for counts within them). */
export async function listProjectIds(db: Db, filter: Omit<ProjectListFilter, 'orderBy' | 'sort'>) {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .innerJoin(namespaces, eq(namespaces.id, projects.namespaceId))
    .where(projectListConditions({ ...filter, orderBy: 'id', sort: 'asc' }));
  return rows.map((row) => row.id);
}

/** The user's project membership and group-inherited level, apart, as GitLab's `permissions` shows them. */
export async function projectAccessBreakdown(db: Db, userId: number, projectId: number) {
  const [row] = await db
    .select({ projectAccess: directProjectLevelSql(userId), groupAccess: inheritedGroupLevelSql(userId) })
    .from(projects)
    .innerJoin(namespaces, eq(namespaces.id, projects.namespaceId))
    .where(eq(projects.id, projectId));
  return { projectAccess: Number(row?.projectAccess ?? 0), groupAccess: Number(row?.groupAccess ?? 0) };
}

export async function updateProject(
  db: Db,
  projectId: number,
  values: Partial<Omit<ProjectRow, 'id' | 'namespaceId' | 'creatorId' | 'createdAt' | 'lastActivityAt'>>,
): Promise<void> {
  await db.update(projects).set(values).where(eq(projects.id, projectId));
}

/** The visibilities of the projects directly in a namespace: a group may not become less visible than them. */
export async function projectVisibilitiesIn(db: Db, namespaceId: number): Promise<Visibility[]> {
  const rows = await db
    .selectDistinct({ visibility: projects.visibility })
    .from(projects)
    .where(eq(projects.namespaceId, namespaceId));
  return rows.map((row) => row.visibility);
}

/** Projects by full path, each with the user's effective access level, in one query. */
export async function findProjectsByFullPaths(
  db: Db,
  fullPaths: readonly string[],
  userId: number | null,
): Promise<Array<ProjectWithNamespace & { accessLevel: number }>> {
  const conditions = fullPaths.map(fullPathMatches).filter((c): c is SQL => c !== undefined);
  if (conditions.length === 0) return [];
  const rows = await db
    .select({
      project: projects,
      namespace: namespaces,
      accessLevel: userId === null ? sql<number>`0` : effectiveLevelSql(userId),
    })
    .from(projects)
    .innerJoin(namespaces, eq(namespaces.id, projects.namespaceId))
    .where(or(...conditions));
  return rows.map((row) => ({ ...row, accessLevel: Number(row.accessLevel) }));
}
