import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { descriptionVersions, notes } from '../../db/schema';

export type NoteRow = typeof notes.$inferSelect;
export type NewNote = typeof notes.$inferInsert;
export type DescriptionVersionRow = typeof descriptionVersions.$inferSelect;

export async function insertNote(db: Db, values: NewNote): Promise<NoteRow> {
  const [row] = await db.insert(notes).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function insertDescriptionVersion(
  db: Db,
  values: typeof descriptionVersions.$inferInsert,
): Promise<DescriptionVersionRow> {
  const [row] = await db.insert(descriptionVersions).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** Every version of a noteable's description, oldest first. */
export async function listDescriptionVersions(
  db: Db,
  noteableType: 'Issue' | 'MergeRequest',
  noteableId: number,
): Promise<DescriptionVersionRow[]> {
  return db
    .select()
    .from(descriptionVersions)
    .where(
      and(eq(descriptionVersions.noteableType, noteableType), eq(descriptionVersions.noteableId, noteableId)),
    )
    .orderBy(asc(descriptionVersions.id));
}

export async function softDeleteDescriptionVersions(db: Db, ids: number[], at: Date): Promise<void> {
  for (const id of ids)
    await db.update(descriptionVersions).set({ deletedAt: at }).where(eq(descriptionVersions.id, id));
}
