import type { Db } from '../../db/client';
import { timelogs } from '../../db/schema';

export type NewTimelog = Omit<typeof timelogs.$inferInsert, 'id'>;

/** `/spend`: one entry of time spent (negative subtracts), as GitLab's timelogs. */
export async function insertTimelog(db: Db, row: NewTimelog): Promise<void> {
  await db.insert(timelogs).values(row);
}
