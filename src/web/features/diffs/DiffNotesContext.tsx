import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { DiffFile, DiffsMetadata } from '../../../shared/api/diffs';
import type { Discussion, NotesData } from '../../../shared/api/notes';
import { NOTES_FILTERS } from '../../../shared/notes/discussionFilter';
import { allDiscussions } from '../notes/discussionsCache';
import { useDraftMutations } from '../notes/mutations';
import { NotesProvider, type NotesContextValue } from '../notes/NotesContext';
import { SuggestionBatchProvider } from '../notes/NoteSuggestions';
import { useDiscussions, useDraftNotes, useNotesData } from '../notes/queries';
import { ReviewPanel } from '../notes/ReviewPanel';
import { useLiveNotes } from '../notes/useLiveNotes';
import { useNotesCache, type NotesCache } from '../notes/useNotesCache';
import { draftShownOn, fileNotes, type FileNotes } from './diffNotesPlacement';
import type { ImagePoint } from './imageNotes';
import '../notes/discussions.css';
import '../notes/note.css';
import '../notes/system-notes.css';
import '../notes/note-form.css';
import '../notes/diff-excerpt.css';

/** The one new-comment form open on the Changes tab: on lines of a file, or on a point of its image. */
export type OpenForm =
  | { kind: 'lines'; fileHash: string; startKey: string; endKey: string; side: 'left' | 'right' }
  | { kind: 'image'; fileHash: string; point: ImagePoint };

/**
 * What the diff viewers read to place threads. Kept apart from the notes components' context, which
 * changes with every mutation's state, so that a saving form does not re-render every file's lines.
 */
export type DiffNotesValue = {
  /** The viewer may start threads on lines and images. */
  canComment: boolean;
  notesOf: (file: DiffFile) => FileNotes;
  /** Every thread read so far, for `#note_{id}` links. */
  discussions: readonly Discussion[];
  form: OpenForm | null;
  setForm: (form: OpenForm | null) => void;
};

const DiffNotesContext = createContext<DiffNotesValue | null>(null);
const ThreadsContext = createContext<NotesContextValue | null>(null);

/** The diff notes of the Changes tab, or null while they load (or outside it): the diffs show without them. */
export function useDiffNotes(): DiffNotesValue | null {
  return useContext(DiffNotesContext);
}

/** Threads, pending comments and forms under a line or an image, with what the notes components read. */
export function DiffThreadsScope({ children }: { children: ReactNode }) {
  const value = useContext(ThreadsContext);
  return value ? <NotesProvider value={value}>{children}</NotesProvider> : null;
}

/** The notes components' context of the Changes tab (null while the notes load). */
export function useDiffThreadsContext(): NotesContextValue | null {
  return useContext(ThreadsContext);
}

/**
 * The viewer's review on the Changes tab: "Submit review", with the pending comments that show on
 * no line of the diff shown (those on its lines show there).
 */
export function DiffReviewPanel({ metadata }: { metadata: Pick<DiffsMetadata, 'diff_files' | 'diff_refs'> }) {
  const threads = useContext(ThreadsContext);
  const files = useMemo(
    () => metadata.diff_files.map((file) => ({ ...file, diff_refs: metadata.diff_refs })),
    [metadata],
  );
  if (!threads) return null;
  return (
    <NotesProvider value={threads}>
      <ReviewPanel drafts={threads.drafts} shownElsewhere={(draft) => draftShownOn(draft, files)} />
    </NotesProvider>
  );
}

/**
 * Reads the merge request's threads and the viewer's pending comments for the Changes tab, kept
 * live as on the Overview. The diffs never wait for them: the files render first and the threads
 * join their lines once read.
 */
export function DiffNotesProvider({
  fullPath,
  iid,
  children,
}: {
  fullPath: string;
  iid: number;
  children: ReactNode;
}) {
  const notesData = useNotesData(`/${fullPath}/-/merge_requests/${iid}/notes_data.json`).data ?? null;
  const cache = useNotesCache(notesData?.discussionsPath ?? '');
  const { value, threads } = useDiffNotesValue(notesData, cache);
  return (
    <SuggestionBatchProvider>
      <ThreadsContext.Provider value={threads}>
        <DiffNotesContext.Provider value={value}>
          {children}
          {notesData && <LiveNotes notesData={notesData} cache={cache} />}
        </DiffNotesContext.Provider>
      </ThreadsContext.Provider>
    </SuggestionBatchProvider>
  );
}

function LiveNotes({ notesData, cache }: { notesData: NotesData; cache: NotesCache }) {
  useLiveNotes(notesData, cache);
  return null;
}

function useDiffNotesValue(notesData: NotesData | null, cache: NotesCache) {
  // All activity, as GitLab's diffs read the notes store: a thread's system notes (the push that
  // outdated it, with its "Compare changes") show in it; notes of their own have no line to sit on.
  const discussions = useDiscussions(
    notesData?.discussionsPath ?? '',
    NOTES_FILTERS.allActivity,
    false,
    notesData !== null,
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = discussions;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const drafts = useDraftNotes(notesData?.draftsPath ?? null);
  const draftMutations = useDraftMutations(notesData?.draftsPath ?? '', cache);
  const [editingNoteId, setEditingNoteId] = useState<number | null>(null);
  const [form, setFormState] = useState<OpenForm | null>(null);
  const setForm = useCallback((next: OpenForm | null) => setFormState(next), []);

  const threads = useMemo(() => allDiscussions(discussions.data), [discussions.data]);
  const pending = useMemo(() => drafts.data ?? [], [drafts.data]);
  // Grouped by path once per change, so that each file only sorts out its own threads.
  const notesOf = useMemo(() => {
    const threadsByPath = groupByPath(threads, (d) => [d.position?.new_path, d.original_position?.new_path]);
    const draftsByPath = groupByPath(pending, (d) => [d.position?.new_path]);
    return (file: DiffFile) =>
      fileNotes(threadsByPath.get(file.new_path) ?? [], draftsByPath.get(file.new_path) ?? [], file);
  }, [threads, pending]);

  const signedIn = Boolean(notesData?.currentUserData);
  const canComment =
    signedIn &&
    Boolean(notesData?.noteableData.current_user.can_create_note) &&
    !notesData?.noteableData.archived;
  const value = useMemo(
    () => (notesData ? { canComment, notesOf, discussions: threads, form, setForm } : null),
    [notesData, canComment, notesOf, threads, form, setForm],
  );
  const threadsValue: NotesContextValue | null = notesData && {
    notesData,
    cache,
    drafts: pending,
    draftMutations: notesData.draftsPath && signedIn ? draftMutations : null,
    editingNoteId,
    setEditingNoteId,
  };
  return { value, threads: threadsValue };
}

function groupByPath<T>(
  items: readonly T[],
  pathsOf: (item: T) => Array<string | undefined>,
): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    for (const path of new Set(pathsOf(item))) {
      if (path === undefined) continue;
      const group = groups.get(path);
      if (group) group.push(item);
      else groups.set(path, [item]);
    }
  }
  return groups;
}
