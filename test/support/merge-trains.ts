import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { notes } from '../../src/server/db/schema';
import { listCommits } from '../../src/server/git/commits';

/** A merge request's system notes, oldest first: where a train says why a car left. */
export async function systemNoteTexts(db: Db, mergeRequestId: number): Promise<string[]> {
  const rows = await db
    .select({ note: notes.note })
    .from(notes)
    .where(
      and(
        eq(notes.noteableId, mergeRequestId),
        eq(notes.noteableType, 'MergeRequest'),
        eq(notes.system, true),
      ),
    )
    .orderBy(notes.id);
  return rows.map((row) => row.note);
}

/** The titles of the merge commits `main` gained, oldest first (one per request a train merged). */
export async function landedMerges(gitDir: string): Promise<string[]> {
  return (await listCommits(gitDir, { revision: 'main', limit: 50 }))
    .filter((commit) => commit.parentShas.length === 2)
    .map((commit) => commit.title)
    .reverse();
}
