import {
  queryOptions,
  useInfiniteQuery,
  usePrefetchQuery,
  useQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import type { AwardEmoji } from '../../../shared/api/awardEmoji';
import type { Discussion, DraftNote, NotesData, NotesPollResponse } from '../../../shared/api/notes';
import { nextDiscussionsCursor, nextDiscussionsPageSize } from '../../../shared/notes/discussionPages';
import { request, requestWithHeaders, type ApiResponse } from '../../api/client';

export const notesKeys = {
  all: ['notes'] as const,
  data: (notesDataPath: string) => [...notesKeys.all, 'data', notesDataPath] as const,
  /** Every filter's threads of one noteable, for invalidating them together. */
  discussionsOf: (discussionsPath: string) => [...notesKeys.all, 'discussions', discussionsPath] as const,
  discussions: (discussionsPath: string, filter: number) =>
    [...notesKeys.discussionsOf(discussionsPath), filter] as const,
  drafts: (draftsPath: string) => [...notesKeys.all, 'drafts', draftsPath] as const,
  /** The create-note mutations of one noteable, whose pending bodies show as placeholder notes. */
  create: (discussionsPath: string) => [...notesKeys.all, 'create', discussionsPath] as const,
  /** The awards of an issue or a merge request itself, by their REST path. */
  awards: (awardsPath: string) => [...notesKeys.all, 'awards', awardsPath] as const,
};

/** GitLab's page size limit: the bar reads its awards 100 at a time while `X-Next-Page` names more. */
const AWARDS_PER_PAGE = 100;

/** Every award of an issue or a merge request, oldest first, as GitLab's award bar reads them. */
export function useNoteableAwards(awardsPath: string) {
  return useQuery({
    queryKey: notesKeys.awards(awardsPath),
    queryFn: async ({ signal }) => {
      const awards: AwardEmoji[] = [];
      let page: string | null = '1';
      while (page) {
        const answer: ApiResponse<AwardEmoji[]> = await requestWithHeaders<AwardEmoji[]>(awardsPath, {
          query: { page, per_page: AWARDS_PER_PAGE },
          signal,
        });
        awards.push(...answer.data);
        page = answer.headers.get('x-next-page') || null;
      }
      return awards;
    },
  });
}

const notesDataQuery = (notesDataPath: string) =>
  queryOptions({
    queryKey: notesKeys.data(notesDataPath),
    queryFn: ({ signal }) => request<NotesData>(notesDataPath, { signal }),
    // Read ahead of the section (usePrefetchNotesData): not read again when the section mounts.
    // Changes that touch it (quick actions, locking) invalidate it.
    staleTime: 30_000,
  });

/** What the page needs to mount the Activity section: paths, permissions, the viewer. */
export function useNotesData(notesDataPath: string) {
  return useQuery(notesDataQuery(notesDataPath));
}

/**
 * Asks for the notes data while the page around the activity still loads (the merge request
 * itself), so that its threads are asked for one round trip sooner.
 */
export function usePrefetchNotesData(notesDataPath: string) {
  usePrefetchQuery(notesDataQuery(notesDataPath));
}

type PageParam = { cursor: string | null; perPage: number };
export type DiscussionsPage = { discussions: Discussion[]; next: PageParam | null };
export type DiscussionPages = InfiniteData<DiscussionsPage, PageParam>;

async function fetchDiscussionsPage(
  discussionsPath: string,
  filter: number,
  persist: boolean,
  page: PageParam,
  signal?: AbortSignal,
): Promise<DiscussionsPage> {
  const { data, headers } = await requestWithHeaders<Discussion[]>(discussionsPath, {
    query: {
      per_page: page.perPage,
      cursor: page.cursor,
      notes_filter: filter,
      persist_filter: persist && page.cursor === null ? true : undefined,
    },
    signal,
  });
  const cursor = nextDiscussionsCursor(headers.get('x-next-page-cursor'));
  return {
    discussions: data,
    next: cursor ? { cursor, perPage: nextDiscussionsPageSize(page.perPage) } : null,
  };
}

/**
 * Pages asked for as soon as the page before named their cursor, while that one renders: the list
 * takes them from here when it asks. Keyed by the threads' address, filter and cursor; a first
 * page drops what an earlier load of the same list left unread.
 */
const pagesAhead = new Map<string, Promise<DiscussionsPage>>();
const aheadKey = (discussionsPath: string, filter: number, page: PageParam) =>
  `${discussionsPath}\n${filter}\n${page.cursor}\n${page.perPage}`;

function forgetPagesAhead(discussionsPath: string, filter: number): void {
  const prefix = `${discussionsPath}\n${filter}\n`;
  for (const key of pagesAhead.keys()) if (key.startsWith(prefix)) pagesAhead.delete(key);
}

function askAhead(discussionsPath: string, filter: number, page: PageParam): void {
  const ahead = fetchDiscussionsPage(discussionsPath, filter, false, page);
  // A failure is the list's to show once it asks for the page; until then nobody is waiting on it.
  ahead.catch(() => undefined);
  pagesAhead.set(aheadKey(discussionsPath, filter, page), ahead);
}

/**
 * The threads, page by page: 20 first, then 1.5x more each time up to 100, for as long as the
 * answer names a next cursor; from the third page on, each is asked for as soon as its cursor is
 * known.
 * `persist` saves a filter the user just chose on their profile.
 */
export function useDiscussions(discussionsPath: string, filter: number, persist: boolean, enabled = true) {
  return useInfiniteQuery<
    DiscussionsPage,
    Error,
    DiscussionPages,
    ReturnType<typeof notesKeys.discussions>,
    PageParam
  >({
    queryKey: notesKeys.discussions(discussionsPath, filter),
    initialPageParam: { cursor: null, perPage: nextDiscussionsPageSize(null) },
    queryFn: async ({ pageParam, signal }) => {
      if (pageParam.cursor === null) forgetPagesAhead(discussionsPath, filter);
      const key = aheadKey(discussionsPath, filter, pageParam);
      const ahead = pagesAhead.get(key);
      pagesAhead.delete(key);
      const page = await (ahead ?? fetchDiscussionsPage(discussionsPath, filter, persist, pageParam, signal));
      // Not after the first page: on a busy machine, the server answering the second one would slow
      // down showing the first threads; the second page is asked for once they are shown.
      if (page.next && pageParam.cursor !== null) askAhead(discussionsPath, filter, page.next);
      return page;
    },
    getNextPageParam: (last) => last.next ?? undefined,
    enabled,
    // Live changes arrive by polling and the subscription; a refetch would reread every page.
    staleTime: Infinity,
  });
}

/** The notes changed since `lastFetchedAt` (the server's microseconds). */
export function fetchChangedNotes(notesPath: string, lastFetchedAt: number): Promise<NotesPollResponse> {
  return request<NotesPollResponse>(notesPath, { headers: { 'X-Last-Fetched-At': String(lastFetchedAt) } });
}

/** The viewer's pending comments on a merge request (none elsewhere: drafts are a review's). */
export function useDraftNotes(draftsPath: string | null) {
  return useQuery({
    queryKey: notesKeys.drafts(draftsPath ?? ''),
    queryFn: ({ signal }) => request<DraftNote[]>(draftsPath ?? '', { signal }),
    enabled: draftsPath !== null,
  });
}
