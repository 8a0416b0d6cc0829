import type { Db } from '../../db/client';
import { NotFoundError } from '../../errors';
import { findDiffPreferences, updateDiffPreferences, type DiffPreferencesRow } from './user-preferences.repo';

/** The signed-in user's diff preferences; signed-out visitors keep theirs in the browser only. */
export function createUserPreferencesService({ db }: { db: Db }) {
  async function show(userId: number): Promise<DiffPreferencesRow> {
    const row = await findDiffPreferences(db, userId);
    if (!row) throw new NotFoundError('User');
    return row;
  }

  async function update(userId: number, changes: Partial<DiffPreferencesRow>): Promise<DiffPreferencesRow> {
    if (Object.keys(changes).length === 0) return show(userId);
    const row = await updateDiffPreferences(db, userId, changes);
    if (!row) throw new NotFoundError('User');
    return row;
  }

  return { show, update };
}

export type UserPreferencesService = ReturnType<typeof createUserPreferencesService>;
