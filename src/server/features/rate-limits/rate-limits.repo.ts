import { eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';

/**
 * Counts one hit in the key's fixed window (a new one starts when the last has ended) and returns
 * the window as it now stands. One statement, so concurrent hits from any number of app processes
 * each get their own count.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ count: number; expiresAt: Date }> {
  const at = now.toISOString();
  const ends = new Date(now.getTime() + windowMs).toISOString();
  const ended = sql`${rateLimits.expiresAt} <= ${at}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1, expiresAt: new Date(ends) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStart: sql`case when ${ended} then ${at}::timestamptz else ${rateLimits.windowStart} end`,
        expiresAt: sql`case when ${ended} then ${ends}::timestamptz else ${rateLimits.expiresAt} end`,
        count: sql`case when ${ended} then 1 else ${rateLimits.count} + 1 end`,
      },
    })
    .returning({ count: rateLimits.count, expiresAt: rateLimits.expiresAt });
  if (!row) throw new Error('rate limit upsert returned nothing');
  return row;
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Forgets windows that ended by `now`: they no longer limit anyone. */
export async function purgeExpiredRateLimits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lte(rateLimits.expiresAt, now));
}

/** Takes one hit back from the key's current window (never below zero). */
export async function releaseRateLimitHit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}
