import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { groupMembers, namespaces, projectMembers } from './schema';

/**
 * Read-only SQL pieces over the `namespaces` (and `projects`) row of an outer query: its
 * ancestry, its full name, and a user's level through memberships. Several features' repos list
 * rows by what a user may see, so these live below them all; they write nothing.
 */

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
export const ancestrySql = sql<
  number[]
>`${namespaceChainSql(sql`select array_agg(id order by depth) from chain`)}`;

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

/** The user's own membership of the outer query's project, 0 when none. */
export function directProjectLevelSql(userId: UserRef): SQL<number> {
  return sql<number>`coalesce((
    select pm.access_level from ${projectMembers} pm
    where pm.project_id = ${outer.projectId} and pm.user_id = ${userId}
  ), 0)`;
}

/** The user's membership of the outer query's project, or of a group it sits in: the highest. */
export function membershipLevelSql(userId: UserRef): SQL<number> {
  return sql<number>`greatest(${directProjectLevelSql(userId)}, ${inheritedGroupLevelSql(userId)})`;
}

/** The user's effective level on the project of the outer query: a membership, or namespace owner. */
export function effectiveLevelSql(userId: UserRef): SQL<number> {
  return sql<number>`greatest(
    ${membershipLevelSql(userId)},
    case when ${namespaces.kind} = 'user' and ${namespaces.ownerId} = ${userId} then 50 else 0 end
  )`;
}
