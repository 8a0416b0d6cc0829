import { and, asc, count, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { groupMembers, namespaces, projectMembers, users } from '../../db/schema';
import { anyOf } from '../../db/any-of';

/** Whose members: a project's or a group's own list. */
export type MemberSource = { kind: 'project'; id: number } | { kind: 'group'; id: number };

export type MemberUser = { id: number; username: string; name: string; state: string };
export type MemberRow = { user: MemberUser; accessLevel: number; createdAt: Date };

const memberUser = { id: users.id, username: users.username, name: users.name, state: users.state };

function table(source: MemberSource) {
  return source.kind === 'project'
    ? { t: projectMembers, owner: projectMembers.projectId }
    : { t: groupMembers, owner: groupMembers.groupId };
}

const matches = (query: string | undefined): SQL | undefined =>
  query
    ? or(
        sql`strpos(lower(${users.username}), lower(${query})) > 0`,
        sql`strpos(lower(${users.name}), lower(${query})) > 0`,
      )
    : undefined;

/** The source's own members, highest role first. */
export async function listDirectMembers(
  db: Db,
  source: MemberSource,
  query: string | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: MemberRow[]; total: number }> {
  const { t, owner } = table(source);
  const where = and(eq(owner, source.id), matches(query));
  const rows = await db
    .select({ user: memberUser, accessLevel: t.accessLevel, createdAt: t.createdAt })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .where(where)
    .orderBy(desc(t.accessLevel), asc(sql`lower(${users.username})`))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db
    .select({ n: count() })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findDirectMember(
  db: Db,
  source: MemberSource,
  userId: number,
): Promise<MemberRow | undefined> {
  const { t, owner } = table(source);
  const [row] = await db
    .select({ user: memberUser, accessLevel: t.accessLevel, createdAt: t.createdAt })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .where(and(eq(owner, source.id), eq(t.userId, userId)));
  return row;
}

/** Where effective memberships come from: a project's own list and its groups' lists. */
export type MembershipScope = { projectId: number | null; groupIds: number[] };

function membershipsSql(scope: MembershipScope): SQL {
  const parts: SQL[] = [];
  if (scope.projectId !== null)
    parts.push(
      sql`select user_id, access_level, created_at from ${projectMembers} where project_id = ${scope.projectId}`,
    );
  if (scope.groupIds.length > 0)
    parts.push(
      sql`select user_id, access_level, created_at from ${groupMembers} where ${anyOf(sql`group_id`, scope.groupIds)}`,
    );
  if (parts.length === 0)
    return sql`select null::integer as user_id, 0 as access_level, now() as created_at where false`;
  return sql.join(parts, sql` union all `);
}

type RawMember = {
  id: number;
  username: string;
  name: string;
  state: string;
  access_level: number;
  created_at: Date | string;
};

const toMemberRow = (row: RawMember): MemberRow => ({
  user: { id: Number(row.id), username: row.username, name: row.name, state: row.state },
  accessLevel: Number(row.access_level),
  createdAt: new Date(row.created_at),
});

/** Everyone with access through the scope, each once with their highest level (GitLab's `/members/all`). */
export async function listEffectiveMembers(
  db: Db,
  scope: MembershipScope,
  filter: { query?: string; userId?: number },
  page: { offset: number; limit: number },
): Promise<{ rows: MemberRow[]; total: number }> {
  const from = sql`from (
      select user_id, max(access_level) as access_level, min(created_at) as created_at
      from (${membershipsSql(scope)}) memberships group by user_id
    ) m join ${users} on ${users.id} = m.user_id
    where true
      ${filter.query ? sql`and (${matches(filter.query)})` : sql``}
      ${filter.userId !== undefined ? sql`and m.user_id = ${filter.userId}` : sql``}`;
  const rows = await queryRows<RawMember>(
    db,
    sql`select ${users.id} as id, ${users.username} as username, ${users.name} as name, ${users.state} as state,
      m.access_level, m.created_at ${from}
      order by m.access_level desc, lower(${users.username}) asc
      offset ${page.offset} limit ${page.limit}`,
  );
  const [total] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n ${from}`);
  return { rows: rows.map(toMemberRow), total: Number(total?.n ?? 0) };
}

/** The user's highest membership in the given groups, and the group it comes from. */
export async function inheritedMembership(
  db: Db,
  userId: number,
  groupIds: number[],
): Promise<{ accessLevel: number; groupFullPath: string } | undefined> {
  if (groupIds.length === 0) return undefined;
  const [row] = await db
    .select({ accessLevel: groupMembers.accessLevel, groupFullPath: namespaces.fullPath })
    .from(groupMembers)
    .innerJoin(namespaces, eq(namespaces.id, groupMembers.groupId))
    .where(and(eq(groupMembers.userId, userId), anyOf(groupMembers.groupId, groupIds)))
    .orderBy(desc(groupMembers.accessLevel))
    .limit(1);
  return row;
}

/** Owners of the given groups other than one membership: a group must keep at least one. */
export async function countOtherOwners(
  db: Db,
  groupIds: number[],
  except: { groupId: number; userId: number },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(groupMembers)
    .where(
      and(
        anyOf(groupMembers.groupId, groupIds),
        eq(groupMembers.accessLevel, 50),
        or(ne(groupMembers.groupId, except.groupId), ne(groupMembers.userId, except.userId)),
      ),
    );
  return row?.n ?? 0;
}

/** With `ifAbsent`, an existing membership is left as it is instead of failing on the unique key. */
export async function insertMember(
  db: Db,
  source: MemberSource,
  userId: number,
  accessLevel: number,
  { ifAbsent = false }: { ifAbsent?: boolean } = {},
) {
  const insert =
    source.kind === 'project'
      ? db.insert(projectMembers).values({ projectId: source.id, userId, accessLevel })
      : db.insert(groupMembers).values({ groupId: source.id, userId, accessLevel });
  await (ifAbsent ? insert.onConflictDoNothing() : insert);
}

export async function updateMemberLevel(db: Db, source: MemberSource, userId: number, accessLevel: number) {
  const { t, owner } = table(source);
  await db
    .update(t)
    .set({ accessLevel })
    .where(and(eq(owner, source.id), eq(t.userId, userId)));
}

export async function deleteMember(db: Db, source: MemberSource, userId: number): Promise<void> {
  const { t, owner } = table(source);
  await db.delete(t).where(and(eq(owner, source.id), eq(t.userId, userId)));
}

/** Members are named by user id or username; the account itself belongs to the users feature. */
export async function findMemberUser(
  db: Db,
  ref: { id: number } | { username: string },
): Promise<MemberUser | undefined> {
  const [row] = await db
    .select(memberUser)
    .from(users)
    .where('id' in ref ? eq(users.id, ref.id) : sql`lower(${users.username}) = lower(${ref.username})`);
  return row;
}
