import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { suggestions } from '../../db/schema';
import { anyOf } from '../../db/any-of';

export type SuggestionRow = typeof suggestions.$inferSelect;
export type NewSuggestion = Omit<typeof suggestions.$inferInsert, 'id'>;

/** The suggestions of several notes, each note's in order. */
export async function listSuggestionsOf(db: Db, noteIds: number[]): Promise<SuggestionRow[]> {
  if (noteIds.length === 0) return [];
  return db
    .select()
    .from(suggestions)
    .where(anyOf(suggestions.noteId, noteIds))
    .orderBy(asc(suggestions.noteId), asc(suggestions.relativeOrder));
}

export async function findSuggestions(db: Db, ids: number[]): Promise<SuggestionRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(suggestions).where(anyOf(suggestions.id, ids)).orderBy(asc(suggestions.id));
}

/** A note's suggestions as its text now has them. */
export async function replaceSuggestions(db: Db, noteId: number, rows: NewSuggestion[]): Promise<void> {
  await db.delete(suggestions).where(eq(suggestions.noteId, noteId));
  if (rows.length > 0) await db.insert(suggestions).values(rows);
}

/** Marks suggestions applied by a commit; false when one of them was applied meanwhile. */
export async function markApplied(db: Db, ids: number[], commitId: string): Promise<boolean> {
  const updated = await db
    .update(suggestions)
    .set({ applied: true, commitId })
    .where(and(anyOf(suggestions.id, ids), eq(suggestions.applied, false)))
    .returning({ id: suggestions.id });
  return updated.length === ids.length;
}
