import { createContext, useContext, type ReactNode } from 'react';
import type { DraftNote, NotesData } from '../../../shared/api/notes';
import type { DraftMutations } from './mutations';
import type { NotesCache } from './useNotesCache';

/**
 * What every thread, note and form of one noteable shares: its paths and permissions, the viewer,
 * the cache writer, and the viewer's pending review. The Activity section provides it; the Changes
 * tab provides the same to show its line threads with the same components.
 */
export type NotesContextValue = {
  notesData: NotesData;
  cache: NotesCache;
  drafts: DraftNote[];
  draftMutations: DraftMutations | null;
  /** The note whose edit form is open (the Up arrow opens the last own note's). */
  editingNoteId: number | null;
  setEditingNoteId: (noteId: number | null) => void;
};

const NotesContext = createContext<NotesContextValue | null>(null);

export function NotesProvider({ value, children }: { value: NotesContextValue; children: ReactNode }) {
  return <NotesContext.Provider value={value}>{children}</NotesContext.Provider>;
}

export function useNotesContext(): NotesContextValue {
  const value = useContext(NotesContext);
  if (!value) throw new Error('Notes components need a NotesProvider');
  return value;
}

export function currentUserId(notesData: NotesData): number | null {
  return notesData.currentUserData?.id ?? null;
}
