import type { NoteableType } from '../api/notes';

/** Spec 001 section 4: oldest first (ascending) unless the user chose newest first. */
export type SortDirection = 'asc' | 'desc';

export const DEFAULT_SORT_DIRECTION: SortDirection = 'asc';

export const SORT_OPTIONS = [
  { value: 'asc', title: 'Oldest first' },
  { value: 'desc', title: 'Newest first' },
] as const satisfies readonly { value: SortDirection; title: string }[];

/** The local storage key the choice is persisted under, one per kind of noteable. */
export function sortDirectionKey(noteableType: NoteableType): string {
  return `sort_direction_${noteableType}`;
}

/** Anything but a stored "desc" (missing, garbled) reads as the default. */
export function parseSortDirection(stored: string | null): SortDirection {
  return stored === 'desc' ? 'desc' : DEFAULT_SORT_DIRECTION;
}

/** Threads in display order: by their first note's creation time, reversed for newest first. */
export function sortDiscussions<T extends { notes: readonly { created_at: string }[] }>(
  discussions: readonly T[],
  direction: SortDirection,
): T[] {
  const startedAt = (discussion: T) => discussion.notes[0]?.created_at ?? '';
  const ascending = [...discussions].sort((a, b) => startedAt(a).localeCompare(startedAt(b)));
  return direction === 'asc' ? ascending : ascending.reverse();
}
