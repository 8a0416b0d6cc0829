import { useMutationState } from '@tanstack/react-query';
import type { CreateNoteBody } from '../../../shared/api/notes';
import { notesKeys } from './queries';

/**
 * Spec 001 section 4: placeholder notes while a note is saved. They are the bodies of the pending
 * create calls, so a failed call's placeholder goes with it. `discussionId` picks a thread's replies;
 * null the new comments and threads.
 */
export function usePendingNotes(discussionsPath: string, discussionId: string | null): string[] {
  return useMutationState({
    filters: { mutationKey: notesKeys.create(discussionsPath), status: 'pending' },
    select: (mutation) => mutation.state.variables as CreateNoteBody | undefined,
  }).flatMap((body) =>
    body && (body.in_reply_to_discussion_id ?? null) === discussionId ? [body.note.note] : [],
  );
}
