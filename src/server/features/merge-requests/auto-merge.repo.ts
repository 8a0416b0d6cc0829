import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mergeRequests } from '../../db/schema';

export async function findMergeRequestRowById(db: Db, id: number) {
  const [row] = await db.select().from(mergeRequests).where(eq(mergeRequests.id, id));
  return row ?? null;
}
