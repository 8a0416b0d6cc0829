import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { namespaces, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserWithNamespace = { user: UserRow; namespaceId: number | null };

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** Usernames and e-mails are matched case-insensitively, as they are unique that way. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = lower(${login})`, sql`lower(${users.email}) = lower(${login})`));
  return row;
}

export async function usernameOrEmailTaken(db: Db, username: string, email: string) {
  const [row] = await db
    .select({
      username: sql<boolean>`bool_or(lower(${users.username}) = lower(${username}))`,
      email: sql<boolean>`bool_or(lower(${users.email}) = lower(${email}))`,
    })
    .from(users);
  const [namespace] = await db
    .select({ id: namespaces.id })
    .from(namespaces)
    .where(sql`lower(${namespaces.fullPath}) = lower(${username})`);
  return { username: Boolean(row?.username) || namespace !== undefined, email: Boolean(row?.email) };
}

const personalNamespace = and(eq(namespaces.kind, 'user'), eq(namespaces.ownerId, users.id));

export async function findUserWithNamespace(db: Db, id: number): Promise<UserWithNamespace | undefined> {
  const [row] = await db
    .select({ user: users, namespaceId: namespaces.id })
    .from(users)
    .leftJoin(namespaces, personalNamespace)
    .where(eq(users.id, id));
  return row;
}

/** False when there is no such user. */
export async function updateUserState(db: Db, id: number, state: UserRow['state']): Promise<boolean> {
  const rows = await db.update(users).set({ state }).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

export async function anyUserExists(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}

export type UserFilter = {
  username?: string;
  /** Matched against name and username, and against e-mail when `searchEmail` is set. */
  search?: string;
  searchEmail: boolean;
  state?: 'active' | 'blocked';
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function userConditions(filter: UserFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.username) conditions.push(sql`lower(${users.username}) = lower(${filter.username})`);
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(
      or(
        ilike(users.username, pattern),
        ilike(users.name, pattern),
        filter.searchEmail ? ilike(users.email, pattern) : undefined,
      ),
    );
  }
  if (filter.state) conditions.push(eq(users.state, filter.state));
  return and(...conditions);
}

/** Newest first, as GitLab orders `GET /users` by default. */
export async function listUsers(
  db: Db,
  filter: UserFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: UserWithNamespace[]; total: number }> {
  const where = userConditions(filter);
  const rows = await db
    .select({ user: users, namespaceId: namespaces.id })
    .from(users)
    .leftJoin(namespaces, personalNamespace)
    .where(where)
    .orderBy(desc(users.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: total?.n ?? 0 };
}

const UNIQUE_INDEXES = ['users_username_lower', 'users_email_lower', 'namespaces_full_path_lower'] as const;
export type UserUniqueIndex = (typeof UNIQUE_INDEXES)[number];

/** Which of the account's unique indexes a failed insert ran into (two sign-ups racing for a name). */
export function violatedUniqueIndex(error: unknown): UserUniqueIndex | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, constraint } = e as Error & { code?: string; constraint?: string };
    if (code !== '23505') continue;
    return UNIQUE_INDEXES.find((index) => constraint === index || e.message.includes(index));
  }
  return undefined;
}
