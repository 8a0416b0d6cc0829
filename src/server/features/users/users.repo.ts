import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { namespaces, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function insertUserNamespace(db: Db, user: UserRow): Promise<void> {
  await db.insert(namespaces).values({
    kind: 'user',
    name: user.name,
    path: user.username,
    fullPath: user.username,
    ownerId: user.id,
    visibility: 'public',
  });
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
