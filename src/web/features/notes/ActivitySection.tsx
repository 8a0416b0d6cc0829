import { Flash, Heading } from '@primer/react';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DraftNote, NotesData } from '../../../shared/api/notes';
import { commentFormState } from '../../../shared/notes/commentFormState';
import { lastOwnNote } from '../../../shared/notes/noteActions';
import {
  parseSortDirection,
  sortDirectionKey,
  sortDiscussions,
  type SortDirection,
} from '../../../shared/notes/sortDirection';
import { JUMP_DEBOUNCE_MS, jumpToUnresolved } from '../../../shared/notes/unresolvedNavigation';
import { ActivitySkeleton } from './ActivitySkeleton';
import { CommentForm } from './CommentForm';
import { CommentFormNotice } from './CommentFormNotice';
import { DiscussionThread } from './DiscussionThread';
import { NotesProvider, currentUserId, type NotesContextValue } from './NotesContext';
import { SuggestionBatchProvider } from './NoteSuggestions';
import { ReviewPanel } from './ReviewPanel';
import { SortOrFilterMenu } from './SortOrFilterMenu';
import { allDiscussions } from './discussionsCache';
import { useDraftMutations } from './mutations';
import { useDiscussions, useDraftNotes, useNotesData } from './queries';
import { useLiveNotes } from './useLiveNotes';
import { useNotesCache } from './useNotesCache';
import { useNoteHashTarget, useScrollToNote } from './useNoteHashTarget';
import { usePendingNotes } from './usePendingNotes';
import './discussions.css';
import './note.css';
import './system-notes.css';
import './note-form.css';
import './diff-excerpt.css';
import { lazyComponent } from '../../components/lazyComponent';

// Its quick-action parsing needs the emoji list: loaded with the first note saved.
const PlaceholderNote = lazyComponent(() => import('./PlaceholderNote').then((m) => m.PlaceholderNote));

const NO_DRAFTS: DraftNote[] = [];

export const FETCH_COMMENTS_FAILED = 'Something went wrong while fetching comments. Please try again.';

/**
 * Spec 001 section 2.2: the Activity section of a merge request or an issue, mounted from the
 * page's `notes_data.json`.
 */
export function ActivitySection({ notesDataPath }: { notesDataPath: string }) {
  const notesData = useNotesData(notesDataPath);
  if (notesData.isPending) return <ActivityFrame>{<ActivitySkeleton count={3} />}</ActivityFrame>;
  if (notesData.isError) {
    return (
      <ActivityFrame>
        <Flash variant="danger">{FETCH_COMMENTS_FAILED}</Flash>
      </ActivityFrame>
    );
  }
  return <Activity notesData={notesData.data} />;
}

function ActivityFrame({ children, menu }: { children: React.ReactNode; menu?: React.ReactNode }) {
  return (
    <section className="activity" aria-labelledby="activity-heading">
      <div className="activity__header">
        <Heading as="h2" id="activity-heading" className="activity__heading">
          Activity
        </Heading>
        {menu}
      </div>
      {children}
    </section>
  );
}

function readSort(notesData: NotesData): SortDirection {
  try {
    return parseSortDirection(window.localStorage.getItem(sortDirectionKey(notesData.noteableType)));
  } catch {
    return parseSortDirection(null);
  }
}

function Activity({ notesData }: { notesData: NotesData }) {
  const [filter, setFilter] = useState(notesData.notesFilter);
  const [filterChosen, setFilterChosen] = useState(false);
  const [sort, setSort] = useState(() => readSort(notesData));
  const [editingNoteId, setEditingNoteId] = useState<number | null>(null);
  const cache = useNotesCache(notesData.discussionsPath);
  const discussions = useDiscussions(notesData.discussionsPath, filter, filterChosen);
  const drafts = useDraftNotes(notesData.draftsPath);
  const draftMutations = useDraftMutations(notesData.draftsPath ?? '', cache);
  const pending = usePendingNotes(notesData.discussionsPath, null);
  const target = useNoteHashTarget();
  useLiveNotes(notesData, cache);

  // Spec 001 section 7.1: pages follow one another while the server names a next cursor.
  // Keyed on the page count too: a page read ahead arrives in the same render that asked for it,
  // so "fetching" alone may not change between two pages.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = discussions;
  const pageCount = discussions.data?.pages.length ?? 0;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, pageCount]);

  const threads = useMemo(
    () => sortDiscussions(allDiscussions(discussions.data), sort),
    [discussions.data, sort],
  );
  // Drafts come in their own request: a `#note_` link to one waits for them too.
  useScrollToNote(target, threads.length + (drafts.data?.length ?? 0));

  // Read when the jump happens, so that `jump` stays the same and threads that did not change
  // skip re-rendering when another page of threads arrives.
  const latestThreads = useRef(threads);
  useEffect(() => {
    latestThreads.current = threads;
  }, [threads]);
  const jumpTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const jump = useCallback((from: string, direction: 'next' | 'previous') => {
    clearTimeout(jumpTimer.current);
    jumpTimer.current = setTimeout(() => {
      const id = jumpToUnresolved(latestThreads.current, from, direction);
      const element = id ? document.querySelector<HTMLElement>(`[data-discussion-id="${id}"]`) : null;
      element?.scrollIntoView({ block: 'center' });
      element?.querySelector<HTMLElement>('.note')?.focus();
    }, JUMP_DEBOUNCE_MS);
  }, []);

  const chooseSort = (direction: SortDirection) => {
    setSort(direction);
    try {
      window.localStorage.setItem(sortDirectionKey(notesData.noteableType), direction);
    } catch {
      // The choice holds for this page even where storage is blocked.
    }
  };
  const chooseFilter = (value: number) => {
    setFilter(value);
    setFilterChosen(true);
  };

  const draftList = drafts.data ?? NO_DRAFTS;
  const reviewing = Boolean(notesData.draftsPath && notesData.currentUserData);
  // The same object until one of these changes: every note reads it.
  const context: NotesContextValue = useMemo(
    () => ({
      notesData,
      cache,
      drafts: draftList,
      draftMutations: reviewing ? draftMutations : null,
      editingNoteId,
      setEditingNoteId,
    }),
    [notesData, cache, draftList, reviewing, draftMutations, editingNoteId],
  );
  const me = currentUserId(notesData);
  const formState = commentFormState(notesData.noteableData, me !== null, filter);
  const form =
    formState.kind === 'form' ? (
      <CommentForm
        warnings={formState.warnings}
        onEditLast={() => setEditingNoteId(lastOwnNote(threads, me)?.id ?? null)}
      />
    ) : (
      <CommentFormNotice state={formState} notesData={notesData} />
    );
  const placeholders = (
    <Suspense fallback={null}>
      {pending.map((text, index) => (
        <PlaceholderNote key={`pending-${index}`} notesData={notesData} text={text} />
      ))}
    </Suspense>
  );

  return (
    <NotesProvider value={context}>
      <SuggestionBatchProvider>
        <ActivityFrame
          menu={<SortOrFilterMenu sort={sort} onSort={chooseSort} filter={filter} onFilter={chooseFilter} />}
        >
          {sort === 'desc' && form}
          {discussions.isPending ? (
            <ActivitySkeleton count={notesData.prerenderedNotesCount} />
          ) : discussions.isError ? (
            <Flash variant="danger">{FETCH_COMMENTS_FAILED}</Flash>
          ) : threads.length === 0 && pending.length === 0 ? (
            <p className="activity__empty muted">No activity yet. Comments and changes will show here.</p>
          ) : (
            <ul className="activity__list">
              {sort === 'desc' && placeholders}
              {threads.map((discussion) => (
                <DiscussionThread
                  key={discussion.id}
                  discussion={discussion}
                  onJump={jump}
                  targetNoteId={target}
                  withDiffExcerpt
                />
              ))}
              {sort === 'asc' && placeholders}
            </ul>
          )}
          <ReviewPanel drafts={context.drafts} />
          {sort === 'asc' && form}
        </ActivityFrame>
      </SuggestionBatchProvider>
    </NotesProvider>
  );
}
