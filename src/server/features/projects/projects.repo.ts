import { and, asc, count, desc, eq, gt, gte, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ACCESS_LEVELS, type Visibility } from '../../../shared/access/accessLevels';
import type { ProjectOrderBy } from '../../../shared/api/projects';
import type { Db } from '../../db/client';
import {
  groupMembers,
  internalIds,
  namespaces,
  projectMembers,
  projects,
  protectedBranches,
  users,
} from '../../db/schema';
import { anyOf } from '../../db/any-of';

export type ProjectRow = typeof projects.$inferSelect;
export type NamespaceRow = typeof namespaces.$inferSelect;
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

/**
 * Columns of the outer query, spelled out: drizzle leaves columns unqualified in single-table
 * selects, where a correlated subquery would read them as its own.
 */
const outer = {
  namespaceId: sql.raw('"namespaces"."id"'),
  namespaceFullPath: sql.raw('"namespaces"."full_path"'),
  namespaceParentId: sql.raw('"namespaces"."parent_id"'),
  projectId: sql.raw('"projects"."id"'),
};

/** A subquery over the outer query's namespace and its ancestors (`chain`: id, depth from 0). */
const namespaceChainSql = (select: SQL) => sql`(
  with recursive chain(id, parent_id, depth) as (
    select ${outer.namespaceId}, ${outer.namespaceParentId}, 0
    union all
    select n.id, n.parent_id, c.depth + 1 from ${namespaces} n join chain c on n.id = c.parent_id
  )
  ${select}
)`;

/** The ids of the outer query's namespace and its ancestors, nearest first. */
const ancestrySql = sql<number[]>`${namespaceChainSql(sql`select array_agg(id order by depth) from chain`)}`;

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
  const [row] = await db.select({ ids: ancestrySql }).from(namespaces).where(eq(namespaces.id, namespaceId));
  return (row?.ids ?? []).map(Number);
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

export async function groupAccessLevel(db: Db, userId: number, groupIds: number[]): Promise<number> {
  if (groupIds.length === 0) return 0;
  const [row] = await db
    .select({ level: sql<number>`max(${groupMembers.accessLevel})` })
    .from(groupMembers)
    .where(and(eq(groupMembers.userId, userId), anyOf(groupMembers.groupId, groupIds)));
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

/** A user id, or a column of the outer query that holds one (a merge request's author). */
type UserRef = number | SQL | AnyColumn;

/**
 * The user's highest membership in the `namespaces` row of the outer query or any of its
 * ancestors. Full paths never change, so an ancestor is a group whose full path prefixes ours.
 */
export function inheritedGroupLevelSql(userId: UserRef): SQL<number> {
  return sql<number>`coalesce((
    select max(gm.access_level) from ${groupMembers} gm
    join ${namespaces} anc on anc.id = gm.group_id
    where gm.user_id = ${userId}
      and (anc.id = ${outer.namespaceId} or starts_with(lower(${outer.namespaceFullPath}), lower(anc.full_path) || '/'))
  ), 0)`;
}

/** `Group / Subgroup`: the names of the outer query's namespace and its ancestors, outermost first. */
export function namespaceFullNameSql(): SQL<string> {
  return sql<string>`(
    select string_agg(anc.name, ' / ' order by length(anc.full_path)) from ${namespaces} anc
    where anc.id = ${outer.namespaceId} or starts_with(lower(${outer.namespaceFullPath}), lower(anc.full_path) || '/')
  )`;
}

export async function namespaceFullName(db: Db, namespaceId: number): Promise<string> {
  const [row] = await db
    .select({ fullName: namespaceFullNameSql() })
    .from(namespaces)
    .where(eq(namespaces.id, namespaceId));
  return row?.fullName ?? '';
}

function directProjectLevelSql(userId: UserRef): SQL<number> {
  return sql<number>`coalesce((
    select pm.access_level from ${projectMembers} pm
    where pm.project_id = ${outer.projectId} and pm.user_id = ${userId}
  ), 0)`;
}

/** The user's membership of the outer query's project, or of a group it sits in: the highest. */
function membershipLevelSql(userId: UserRef): SQL<number> {
  return sql<number>`greatest(${directProjectLevelSql(userId)}, ${inheritedGroupLevelSql(userId)})`;
}

/** The user's effective level on the project of the outer query: a membership, or namespace owner. */
export function effectiveLevelSql(userId: UserRef): SQL<number> {
  return sql<number>`greatest(
    ${membershipLevelSql(userId)},
    case when ${namespaces.kind} = 'user' and ${namespaces.ownerId} = ${userId} then 50 else 0 end
  )`;
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

/** Groups and projects share URLs: `group/name` may be a subgroup or a project, never both. */
export async function namespacePathTaken(db: Db, fullPath: string): Promise<boolean> {
  const [row] = await db
    .select({ id: namespaces.id })
    .from(namespaces)
    .where(sql`lower(${namespaces.fullPath}) = lower(${fullPath})`);
  return row !== undefined;
}

/** The visibilities of the projects directly in a namespace: a group may not become less visible than them. */
export async function projectVisibilitiesIn(db: Db, namespaceId: number): Promise<Visibility[]> {
  const rows = await db
    .selectDistinct({ visibility: projects.visibility })
    .from(projects)
    .where(eq(projects.namespaceId, namespaceId));
  return rows.map((row) => row.visibility);
}

/** A user's personal namespace, by user id or username. */
export async function findUserNamespace(db: Db, ref: number | string): Promise<NamespaceRow | undefined> {
  const [row] = await db
    .select()
    .from(namespaces)
    .where(
      and(
        eq(namespaces.kind, 'user'),
        typeof ref === 'number'
          ? eq(namespaces.ownerId, ref)
          : sql`lower(${namespaces.fullPath}) = lower(${ref})`,
      ),
    );
  return row;
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

/** A user's or group's namespace as an `@` mention needs it. */
export type MentionedNamespaceRow = {
  id: number;
  kind: NamespaceRow['kind'];
  fullPath: string;
  fullName: string;
  visibility: Visibility;
  /** Groups only: the user's membership in the group or an ancestor. */
  accessLevel: number;
  user: { id: number; username: string; name: string } | null;
};

/** Users' and groups' namespaces by full path, in one query. */
export async function findNamespacesByFullPaths(
  db: Db,
  fullPaths: readonly string[],
  userId: number | null,
): Promise<MentionedNamespaceRow[]> {
  if (fullPaths.length === 0) return [];
  const lowered = fullPaths.map((path) => path.toLowerCase());
  const rows = await db
    .select({
      id: namespaces.id,
      kind: namespaces.kind,
      fullPath: namespaces.fullPath,
      fullName: namespaceFullNameSql(),
      visibility: namespaces.visibility,
      accessLevel: userId === null ? sql<number>`0` : inheritedGroupLevelSql(userId),
      userId: users.id,
      username: users.username,
      userName: users.name,
    })
    .from(namespaces)
    .leftJoin(users, and(eq(namespaces.kind, 'user'), eq(users.id, namespaces.ownerId)))
    .where(anyOf(sql`lower(${namespaces.fullPath})`, lowered));
  return rows.map(({ userId: id, username, userName, ...row }) => ({
    ...row,
    accessLevel: Number(row.accessLevel),
    user: id !== null && username !== null && userName !== null ? { id, username, name: userName } : null,
  }));
}
