import { eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';

/**
 * Counts one hit in the key's fixed window and returns the window as it now stands. One
 * statement, so concurrent hits from any number of app processes each get their own count.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ count: number; windowStart: Date }> {
  const at = now.toISOString();
  const expired = sql`${rateLimits.windowStart} <= ${at}::timestamptz - make_interval(secs => ${windowMs / 1000})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStart: sql`case when ${expired} then ${at}::timestamptz else ${rateLimits.windowStart} end`,
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  if (!row) throw new Error('rate limit upsert returned nothing');
  return row;
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Forgets windows that ended before `now`: they no longer limit anyone. */
export async function purgeExpiredRateLimits(db: Db, now: Date, windowMs: number): Promise<void> {
  await db.delete(rateLimits).where(lte(rateLimits.windowStart, new Date(now.getTime() - windowMs)));
}
