import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userCallouts } from '../../db/schema';

export type UserCalloutRow = typeof userCallouts.$inferSelect;

export async function findUserCallout(
  db: Db,
  userId: number,
  featureName: string,
): Promise<UserCalloutRow | undefined> {
  const [row] = await db
    .select()
    .from(userCallouts)
    .where(and(eq(userCallouts.userId, userId), eq(userCallouts.featureName, featureName)));
  return row;
}

/** Records the dismissal once: a second one keeps the first date. */
export async function insertUserCallout(db: Db, userId: number, featureName: string): Promise<void> {
  await db.insert(userCallouts).values({ userId, featureName }).onConflictDoNothing();
}
