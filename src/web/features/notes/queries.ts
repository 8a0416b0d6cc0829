import { useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import type { Discussion, DraftNote, NotesData, NotesPollResponse } from '../../../shared/api/notes';
import { nextDiscussionsCursor, nextDiscussionsPageSize } from '../../../shared/notes/discussionPages';
import { request, requestWithHeaders } from '../../api/client';

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
};

/** What the page needs to mount the Activity section: paths, permissions, the viewer. */
export function useNotesData(notesDataPath: string) {
  return useQuery({
    queryKey: notesKeys.data(notesDataPath),
    queryFn: ({ signal }) => request<NotesData>(notesDataPath, { signal }),
  });
}

type PageParam = { cursor: string | null; perPage: number };
export type DiscussionsPage = { discussions: Discussion[]; next: PageParam | null };
export type DiscussionPages = InfiniteData<DiscussionsPage, PageParam>;

/**
 * The threads, page by page: 20 first, then 1.5x more each time up to 100, for as long as the
 * answer names a next cursor. `persist` saves a filter the user just chose on their profile.
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
      const { data, headers } = await requestWithHeaders<Discussion[]>(discussionsPath, {
        query: {
          per_page: pageParam.perPage,
          cursor: pageParam.cursor,
          notes_filter: filter,
          persist_filter: persist && pageParam.cursor === null ? true : undefined,
        },
        signal,
      });
      const cursor = nextDiscussionsCursor(headers.get('x-next-page-cursor'));
      return {
        discussions: data,
        next: cursor ? { cursor, perPage: nextDiscussionsPageSize(pageParam.perPage) } : null,
      };
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
