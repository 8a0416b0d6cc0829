import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';

export type NewSession = typeof sessions.$inferInsert;

export async function insertSession(db: Db, values: NewSession): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}
