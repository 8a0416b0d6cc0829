import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';

export type NewSession = typeof sessions.$inferInsert;

export async function insertSession(db: Db, values: NewSession): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The signed-out user, when the session still existed. */
export async function deleteSession(db: Db, id: string): Promise<number | undefined> {
  const [row] = await db.delete(sessions).where(eq(sessions.id, id)).returning({ userId: sessions.userId });
  return row?.userId;
}
