import { and, asc, count, desc, eq, gt, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Visibility } from '../../../shared/access/accessLevels';
import type { Db } from '../../db/client';
import { namespaces } from '../../db/schema';
import { inheritedGroupLevelSql, namespaceFullNameSql } from '../../db/namespace-sql';
import type { NamespaceRow } from '../namespaces/namespaces.service';

export type GroupRow = { group: NamespaceRow; fullName: string };
export type GroupListRow = GroupRow & { accessLevel: number };

export async function findGroup(db: Db, ref: number | string): Promise<GroupRow | undefined> {
  const [row] = await db
    .select({ group: namespaces, fullName: namespaceFullNameSql() })
    .from(namespaces)
    .where(
      and(
        eq(namespaces.kind, 'group'),
        typeof ref === 'number' ? eq(namespaces.id, ref) : sql`lower(${namespaces.fullPath}) = lower(${ref})`,
      ),
    );
  return row;
}

export async function subgroupVisibilities(db: Db, groupId: number): Promise<Visibility[]> {
  const rows = await db
    .selectDistinct({ visibility: namespaces.visibility })
    .from(namespaces)
    .where(eq(namespaces.parentId, groupId));
  return rows.map((row) => row.visibility);
}

export type GroupListFilter = {
  actor: { id: number; admin: boolean } | null;
  search?: string;
  owned?: boolean;
  minAccessLevel?: number;
  topLevelOnly?: boolean;
  parentId?: number;
  orderBy: 'name' | 'path' | 'id';
  sort: 'asc' | 'desc';
};

const GROUP_ORDER = { name: namespaces.name, path: namespaces.path, id: namespaces.id } as const;

function groupListConditions(filter: GroupListFilter): SQL | undefined {
  const { actor } = filter;
  const level = actor ? inheritedGroupLevelSql(actor.id) : sql<number>`0`;
  const conditions: (SQL | undefined)[] = [eq(namespaces.kind, 'group')];
  if (!actor) conditions.push(eq(namespaces.visibility, 'public'));
  else if (!actor.admin)
    conditions.push(or(inArray(namespaces.visibility, ['public', 'internal']), gt(level, 0)));
  if (filter.owned) conditions.push(gte(level, 50));
  if (filter.minAccessLevel) conditions.push(gte(level, filter.minAccessLevel));
  if (filter.topLevelOnly) conditions.push(isNull(namespaces.parentId));
  if (filter.parentId !== undefined) conditions.push(eq(namespaces.parentId, filter.parentId));
  if (filter.search) {
    conditions.push(
      or(
        sql`strpos(lower(${namespaces.name}), lower(${filter.search})) > 0`,
        sql`strpos(lower(${namespaces.path}), lower(${filter.search})) > 0`,
      ),
    );
  }
  return and(...conditions);
}

/** Groups the actor may see, with the actor's effective level in each, one page at a time. */
export async function listGroups(
  db: Db,
  filter: GroupListFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: GroupListRow[]; total: number }> {
  const where = groupListConditions(filter);
  const direction = filter.sort === 'asc' ? asc : desc;
  const rows = await db
    .select({
      group: namespaces,
      fullName: namespaceFullNameSql(),
      accessLevel: filter.actor ? inheritedGroupLevelSql(filter.actor.id) : sql<number>`0`,
    })
    .from(namespaces)
    .where(where)
    .orderBy(direction(GROUP_ORDER[filter.orderBy]), direction(namespaces.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(namespaces).where(where);
  return {
    rows: rows.map((row) => ({ ...row, accessLevel: Number(row.accessLevel) })),
    total: total?.n ?? 0,
  };
}

/**
 * GitLab's `GET /namespaces`: the actor's own namespace and the groups they may create projects
 * in (Maintainer or more); every namespace for an administrator.
 */
export async function listCreatableNamespaces(
  db: Db,
  actor: { id: number; admin: boolean },
  search: string | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: NamespaceRow[]; total: number }> {
  const where = and(
    actor.admin
      ? undefined
      : or(
          and(eq(namespaces.kind, 'user'), eq(namespaces.ownerId, actor.id)),
          and(eq(namespaces.kind, 'group'), gte(inheritedGroupLevelSql(actor.id), 40)),
        ),
    search ? sql`strpos(lower(${namespaces.fullPath}), lower(${search})) > 0` : undefined,
  );
  const rows = await db
    .select()
    .from(namespaces)
    .where(where)
    // The actor's own namespace first, then groups by path, as a namespace picker lists them.
    .orderBy(sql`${namespaces.ownerId} = ${actor.id} desc nulls last`, asc(namespaces.fullPath))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(namespaces).where(where);
  return { rows, total: total?.n ?? 0 };
}
