import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accessTokens, sessions, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type TokenRow = typeof accessTokens.$inferSelect;

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
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

export async function findSessionUser(
  db: Db,
  sessionDigest: string,
  now: Date,
): Promise<{ user: UserRow; csrfToken: string; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ user: users, csrfToken: sessions.csrfToken, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionDigest), gt(sessions.expiresAt, now)));
  return row;
}

/** An active token: not revoked and not past its expiry date. */
export async function findActiveToken(
  db: Db,
  tokenDigest: string,
  today: string,
): Promise<{ user: UserRow; token: TokenRow } | undefined> {
  const [row] = await db
    .select({ user: users, token: accessTokens })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenDigest, tokenDigest),
        eq(accessTokens.revoked, false),
        or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, today)),
      ),
    );
  return row;
}

export async function touchToken(db: Db, id: number, now: Date): Promise<void> {
  await db.update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, id));
}

export async function insertAccessToken(db: Db, values: typeof accessTokens.$inferInsert): Promise<TokenRow> {
  const [row] = await db.insert(accessTokens).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}
