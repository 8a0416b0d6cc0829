import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type DiffPreferencesRow = { showWhitespaceInDiffs: boolean; viewDiffsFileByFile: boolean };

const columns = {
  showWhitespaceInDiffs: users.showWhitespaceInDiffs,
  viewDiffsFileByFile: users.viewDiffsFileByFile,
};

export async function findDiffPreferences(db: Db, userId: number): Promise<DiffPreferencesRow | undefined> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId));
  return row;
}

export async function updateDiffPreferences(
  db: Db,
  userId: number,
  changes: Partial<DiffPreferencesRow>,
): Promise<DiffPreferencesRow | undefined> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning(columns);
  return row;
}
