import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notes } from '../../db/schema';
import type { NoteableKey } from './notes.repo';

/** Who wrote comments (not system notes) on a noteable: GitLab's `user_note_authors`. */
export async function listCommenterIds(
  db: Db,
  noteableType: NoteableKey['noteableType'],
  noteableId: number,
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ authorId: notes.authorId })
    .from(notes)
    .where(
      and(eq(notes.noteableType, noteableType), eq(notes.noteableId, noteableId), eq(notes.system, false)),
    );
  return rows.flatMap((row) => (row.authorId === null ? [] : [row.authorId]));
}
