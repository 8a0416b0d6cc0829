import { and, count, desc, eq, gt, ilike, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accessTokens } from '../../db/schema';

export type TokenRow = typeof accessTokens.$inferSelect;

export type TokenFilter = {
  userId?: number;
  state?: 'active' | 'inactive';
  revoked?: boolean;
  search?: string;
  /** `YYYY-MM-DD`: a token whose expiry date has come is inactive. */
  today: string;
};

const activeOn = (today: string) =>
  and(eq(accessTokens.revoked, false), or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, today)));

function tokenConditions(filter: TokenFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(accessTokens.kind, 'personal')];
  if (filter.userId !== undefined) conditions.push(eq(accessTokens.userId, filter.userId));
  if (filter.revoked !== undefined) conditions.push(eq(accessTokens.revoked, filter.revoked));
  if (filter.state === 'active') conditions.push(activeOn(filter.today));
  if (filter.state === 'inactive')
    conditions.push(or(eq(accessTokens.revoked, true), lte(accessTokens.expiresAt, filter.today)));
  if (filter.search)
    conditions.push(ilike(accessTokens.name, `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return and(...conditions);
}

/** Personal access tokens, newest first. */
export async function listPersonalTokens(
  db: Db,
  filter: TokenFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: TokenRow[]; total: number }> {
  const where = tokenConditions(filter);
  const rows = await db
    .select()
    .from(accessTokens)
    .where(where)
    .orderBy(desc(accessTokens.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(accessTokens).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findPersonalToken(db: Db, id: number): Promise<TokenRow | undefined> {
  const [row] = await db
    .select()
    .from(accessTokens)
    .where(and(eq(accessTokens.id, id), eq(accessTokens.kind, 'personal')));
  return row;
}

export async function revokeToken(db: Db, id: number): Promise<void> {
  await db.update(accessTokens).set({ revoked: true }).where(eq(accessTokens.id, id));
}

export async function insertAccessToken(db: Db, values: typeof accessTokens.$inferInsert): Promise<TokenRow> {
  const [row] = await db.insert(accessTokens).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function touchToken(db: Db, id: number, now: Date): Promise<void> {
  await db.update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, id));
}
