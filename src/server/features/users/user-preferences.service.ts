import type { Db } from '../../db/client';
import { NotFoundError } from '../../errors';
import {
  findDiffPreferences,
  findNotesFilter,
  saveNotesFilter,
  updateDiffPreferences,
  type DiffPreferencesRow,
} from './user-preferences.repo';

/**
 * What a signed-in user chose once and keeps: diff preferences and the Activity filter of
 * discussions. Signed-out visitors keep theirs in the browser only.
 */
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

  /** The Activity filter the user last chose for this kind of noteable (0: all activity). */
  const notesFilter = (userId: number, noteableType: 'Issue' | 'MergeRequest') =>
    findNotesFilter(db, userId, noteableType);

  const rememberNotesFilter = (userId: number, noteableType: 'Issue' | 'MergeRequest', filter: number) =>
    saveNotesFilter(db, userId, noteableType, filter);

  return { show, update, notesFilter, rememberNotesFilter };
}

export type UserPreferencesService = ReturnType<typeof createUserPreferencesService>;
