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

/** The Activity filter of discussions, remembered per user and noteable type. */

export async function findNotesFilter(
  db: Db,
  userId: number,
  noteableType: 'Issue' | 'MergeRequest',
): Promise<number> {
  const column = noteableType === 'Issue' ? users.issueNotesFilter : users.mergeRequestNotesFilter;
  const [row] = await db.select({ filter: column }).from(users).where(eq(users.id, userId));
  return row?.filter ?? 0;
}

export async function saveNotesFilter(
  db: Db,
  userId: number,
  noteableType: 'Issue' | 'MergeRequest',
  filter: number,
): Promise<void> {
  const values =
    noteableType === 'Issue' ? { issueNotesFilter: filter } : { mergeRequestNotesFilter: filter };
  await db.update(users).set(values).where(eq(users.id, userId));
}
