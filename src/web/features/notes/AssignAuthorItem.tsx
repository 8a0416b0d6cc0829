import { ActionList } from '@primer/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Note, NotesData } from '../../../shared/api/notes';
import {
  ASSIGN_AUTHOR_TEXT,
  UNASSIGN_AUTHOR_TEXT,
  canAssignNoteAuthor,
  toggledAssignees,
} from '../../../shared/notes/assignNoteAuthor';
import { request } from '../../api/client';

const noteablePath = ({ projectId, noteableType, noteableData }: NotesData) =>
  `/api/v4/projects/${projectId}/${noteableType === 'Issue' ? 'issues' : 'merge_requests'}/${noteableData.iid}`;

/**
 * Spec 001 section 7.1 "Assign": the noteable's update with `assignee_ids`, the note's author
 * added or taken away. The page (header, sidebar) and the notes data are read again.
 */
export function useAssignAuthor(notesData: NotesData) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (authorId: number) =>
      request(noteablePath(notesData), {
        method: 'PUT',
        body: { assignee_ids: toggledAssignees(notesData.noteableData, authorId) },
      }),
    // Everything on the page may show assignees: the sidebar, the notes data, the lists.
    onSettled: () => queryClient.invalidateQueries(),
  });
}

type Props = { note: Note; notesData: NotesData; assign: ReturnType<typeof useAssignAuthor> };

/** "Assign to commenting user" (or "Unassign from commenting user") in a note's more-actions menu. */
export function AssignAuthorItem({ note, notesData, assign }: Props) {
  const author = note.author;
  if (!author || !canAssignNoteAuthor(notesData.noteableData, note)) return null;
  const assigned = notesData.noteableData.assignees.some((user) => user.id === author.id);
  return (
    <ActionList.Item disabled={assign.isPending} onSelect={() => assign.mutate(author.id)}>
      {assigned ? UNASSIGN_AUTHOR_TEXT : ASSIGN_AUTHOR_TEXT}
    </ActionList.Item>
  );
}
