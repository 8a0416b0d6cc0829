import { and, eq, sql } from 'drizzle-orm';
import type { Visibility } from '../../../shared/access/accessLevels';
import type { Db } from '../../db/client';
import { anyOf } from '../../db/any-of';
import { groupMembers, namespaces, users } from '../../db/schema';
import { ancestrySql, inheritedGroupLevelSql, namespaceFullNameSql } from '../../db/namespace-sql';

export type NamespaceRow = typeof namespaces.$inferSelect;

/** A namespace by id, or by full path matched case-insensitively. */
export async function findNamespace(db: Db, ref: number | string): Promise<NamespaceRow | undefined> {
  const [row] = await db
    .select()
    .from(namespaces)
    .where(
      typeof ref === 'number' ? eq(namespaces.id, ref) : sql`lower(${namespaces.fullPath}) = lower(${ref})`,
    );
  return row;
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

/** The ids of a namespace and all its ancestors, nearest first. */
export async function namespaceAncestry(db: Db, namespaceId: number): Promise<number[]> {
  const [row] = await db.select({ ids: ancestrySql }).from(namespaces).where(eq(namespaces.id, namespaceId));
  return (row?.ids ?? []).map(Number);
}

/** The user's highest membership in the given groups, 0 when none. */
export async function groupAccessLevel(db: Db, userId: number, groupIds: number[]): Promise<number> {
  if (groupIds.length === 0) return 0;
  const [row] = await db
    .select({ level: sql<number>`max(${groupMembers.accessLevel})` })
    .from(groupMembers)
    .where(and(eq(groupMembers.userId, userId), anyOf(groupMembers.groupId, groupIds)));
  return Number(row?.level ?? 0);
}

/** Groups and projects share URLs: `group/name` may be a subgroup or a project, never both. */
export async function namespacePathTaken(db: Db, fullPath: string): Promise<boolean> {
  const [row] = await db
    .select({ id: namespaces.id })
    .from(namespaces)
    .where(sql`lower(${namespaces.fullPath}) = lower(${fullPath})`);
  return row !== undefined;
}

export async function namespaceFullName(db: Db, namespaceId: number): Promise<string> {
  const [row] = await db
    .select({ fullName: namespaceFullNameSql() })
    .from(namespaces)
    .where(eq(namespaces.id, namespaceId));
  return row?.fullName ?? '';
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

/** A user's personal namespace: their username as its path. */
export async function insertUserNamespace(
  db: Db,
  user: { id: number; name: string; username: string },
): Promise<void> {
  await db.insert(namespaces).values({
    kind: 'user',
    name: user.name,
    path: user.username,
    fullPath: user.username,
    ownerId: user.id,
    visibility: 'public',
  });
}

export type NewGroupNamespace = Pick<
  NamespaceRow,
  'name' | 'path' | 'fullPath' | 'parentId' | 'visibility' | 'description'
>;

export async function insertGroupNamespace(db: Db, values: NewGroupNamespace): Promise<NamespaceRow> {
  const [row] = await db
    .insert(namespaces)
    .values({ ...values, kind: 'group' })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function updateNamespace(
  db: Db,
  namespaceId: number,
  values: Partial<Pick<NamespaceRow, 'name' | 'description' | 'visibility'>>,
): Promise<void> {
  await db.update(namespaces).set(values).where(eq(namespaces.id, namespaceId));
}
