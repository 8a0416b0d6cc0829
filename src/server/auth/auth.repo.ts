import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accessTokens, sessions, users } from '../db/schema';
import type { TokenRow } from '../features/access-tokens/access-tokens.service';
import type { UserRow } from '../features/users/users.service';

// Who is asking, read from the session and token tables; the users, access tokens and auth
// features write them.

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
