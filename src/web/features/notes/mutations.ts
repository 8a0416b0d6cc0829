import type { SubmitReviewBody } from '../../../shared/api/reviewSubmission';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type {
  CreateNoteBody,
  CreateNoteResponse,
  Discussion,
  DraftNote,
  Note,
  NotePosition,
  NotesData,
} from '../../../shared/api/notes';
import type { AbuseCategory } from '../../../shared/notes/abuseCategories';
import { request } from '../../api/client';
import { useAction } from '../../components/useAction';
import { useTaskList } from '../../components/useTaskList';
import { notesKeys } from './queries';
import type { NotesCache } from './useNotesCache';

/** A new comment, thread or reply; the answer's note (or thread) goes straight into the list. */
export function useCreateNote(notesData: NotesData, cache: NotesCache) {
  return useMutation({
    mutationKey: notesKeys.create(notesData.discussionsPath),
    mutationFn: (body: CreateNoteBody) =>
      request<CreateNoteResponse>(notesData.noteableData.create_note_path, { method: 'POST', body }),
    onSuccess: (response) => {
      if (response.discussion) cache.applyDiscussion(response.discussion);
      else if (response.note) cache.applyNote(response.note);
    },
  });
}

export function useUpdateNote(notesData: NotesData, cache: NotesCache) {
  return useMutation({
    mutationFn: ({ note, text }: { note: Note; text: string }) =>
      request<Note>(note.path, {
        method: 'PUT',
        body: {
          target_type: notesData.noteableData.targetType,
          target_id: notesData.noteableId,
          note: { note: text },
        },
      }),
    onSuccess: (note) => cache.applyNote(note),
  });
}

/** Ticking a task list item of a note its author sees (`update_task` on the note's path). */
export function useNoteTaskList(note: Note, cache: NotesCache) {
  return useTaskList({
    source: note.note,
    editable: note.current_user.can_edit,
    save: (task, text) =>
      request<Note>(note.path, { method: 'PATCH', body: { note: { note: text, update_task: task } } }),
    onSaved: (updated) => cache.applyNote(updated),
    onRefused: () => cache.refresh(),
  });
}

export function useDeleteNote(cache: NotesCache) {
  return useAction((note: Note) => request<null>(note.path, { method: 'DELETE' }), {
    onSuccess: (_answer, note) => cache.removeNote(note.id),
  });
}

/** Resolves (POST) or reopens (DELETE) a thread through its `resolve_path`. */
export function useResolveDiscussion(cache: NotesCache) {
  return useAction(
    ({ discussion, resolve }: { discussion: Discussion; resolve: boolean }) =>
      request<{ discussion?: Discussion } | Discussion | null>(discussion.resolve_path ?? '', {
        method: resolve ? 'POST' : 'DELETE',
      }),
    {
      onSuccess: (answer) => {
        const discussion = answer && 'notes' in answer ? answer : answer?.discussion;
        if (discussion) cache.applyDiscussion(discussion);
        else void cache.refresh();
      },
    },
  );
}

export function useToggleAward(cache: NotesCache) {
  return useAction(
    ({ note, name }: { note: Note; name: string }) =>
      request<unknown>(note.toggle_award_path, { method: 'POST', body: { name } }),
    { onSettled: () => cache.refresh() },
  );
}

/** The award bar of the issue or merge request itself: gives the emoji or takes it back, then reads the bar again. */
export function useToggleNoteableAward(awardsPath: string, togglePath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => request<unknown>(togglePath, { method: 'POST', body: { name } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notesKeys.awards(awardsPath) }),
  });
}

type DraftInput = {
  note: string;
  internal?: boolean;
  resolve_discussion?: boolean;
  in_reply_to_discussion_id?: string;
  /** A pending comment on a diff line or image point (the Changes tab). */
  position?: NotePosition;
  line_code?: string;
};

/** Pending comments: saved for the viewer alone until the review is submitted. */
type DraftUpdate = { draft: DraftNote; text?: string; resolveDiscussion?: boolean };

export function useDraftMutations(draftsPath: string, cache: NotesCache) {
  const queryClient = useQueryClient();
  const refreshDrafts = () => queryClient.invalidateQueries({ queryKey: notesKeys.drafts(draftsPath) });
  const published = () => Promise.all([refreshDrafts(), cache.refresh()]);
  const mutations = {
    create: useMutation({
      mutationFn: ({ in_reply_to_discussion_id, ...draft_note }: DraftInput) =>
        request<DraftNote>(draftsPath, { method: 'POST', body: { draft_note, in_reply_to_discussion_id } }),
      onSuccess: refreshDrafts,
    }),
    /** Edits the text, or toggles what submitting it does to its thread (`resolve_discussion`). */
    update: useMutation({
      mutationFn: ({ draft, text, resolveDiscussion }: DraftUpdate) =>
        request<DraftNote>(draft.path, {
          method: 'PUT',
          body: { draft_note: { note: text, resolve_discussion: resolveDiscussion } },
        }),
      onSuccess: refreshDrafts,
    }),
    remove: useMutation({
      mutationFn: (draft: DraftNote) => request<null>(draft.path, { method: 'DELETE' }),
      onSuccess: refreshDrafts,
    }),
    publish: useMutation({
      mutationFn: (draft: DraftNote) => request<null>(draft.publish_path, { method: 'POST' }),
      onSuccess: published,
    }),
    /** Submits the review with its summary and conclusion (GitLab's submit-review form). */
    submitReview: useMutation({
      mutationFn: (body: SubmitReviewBody = {}) =>
        request<null>(`${draftsPath}/bulk_publish`, { method: 'POST', body }),
      onSuccess: published,
    }),
  };
  // The notes context holds these: a new object only when a mutation's state changes (not on every
  // render, as useMutation's results are), so that a page of threads arriving re-renders only the
  // new threads. Readers use mutate (stable), isPending and error, which change with the status.
  const { create, update, remove, publish, submitReview } = mutations;
  return useMemo(
    () => mutations,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the statuses are what readers see change
    [create.status, update.status, remove.status, publish.status, submitReview.status],
  );
}
export type DraftMutations = ReturnType<typeof useDraftMutations>;

export function useReportAbuse() {
  return useMutation({
    mutationFn: (report: { userId: number; category: AbuseCategory; reportedFromUrl: string }) =>
      request<{ id: number; message: string }>('/-/abuse_reports', {
        method: 'POST',
        body: {
          user_id: report.userId,
          abuse_report: { reported_from_url: report.reportedFromUrl, category: report.category },
        },
      }),
  });
}

const PROMOTE_MUTATION = `mutation($input: TimelineEventPromoteFromNoteInput!) {
  timelineEventPromoteFromNote(input: $input) { errors }
}`;

type PromoteAnswer = {
  data?: { timelineEventPromoteFromNote: { errors: string[] } | null };
  errors?: unknown[];
};

/** "Add comment to incident timeline": GraphQL `timelineEventPromoteFromNote`; null when the call failed. */
export function usePromoteToTimeline() {
  return useMutation({
    mutationFn: async (note: Note) => {
      const answer = await request<PromoteAnswer>('/api/graphql', {
        method: 'POST',
        body: { query: PROMOTE_MUTATION, variables: { input: { noteId: `gid://gitlab/Note/${note.id}` } } },
      });
      return answer.errors?.length ? null : (answer.data?.timelineEventPromoteFromNote ?? null);
    },
  });
}
