import { Button, Flash } from '@primer/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import { issuableDisplayName } from '../../../shared/notes/commentFormState';
import { useNotesContext } from './NotesContext';
import { useCreateNote } from './mutations';

/**
 * Spec 001 section 4: close or reopen from the comment form, with the comment first when there is
 * one (an empty note only toggles the state). Disabled once merged, or closed and locked.
 */
export function CloseReopenButton({
  text,
  internal,
  onDone,
}: {
  text: string;
  internal: boolean;
  onDone: () => void;
}) {
  const { notesData, cache } = useNotesContext();
  const queryClient = useQueryClient();
  const create = useCreateNote(notesData, cache);
  const { noteableData, closePath, reopenPath } = notesData;
  const closed = noteableData.state === 'closed';
  const path = closed ? reopenPath : closePath;
  const toggle = useMutation({
    mutationFn: async () => {
      if (text.trim()) {
        await create.mutateAsync({
          note: {
            note: text,
            noteable_type: notesData.noteableType,
            noteable_id: notesData.noteableId,
            internal,
          },
        });
      }
      await request<unknown>(path ?? '', { method: 'PUT' });
    },
    onSuccess: onDone,
    // The state change shows in the page's header and as a system note.
    onSettled: () => queryClient.invalidateQueries(),
  });
  if (!noteableData.current_user.can_update || !path) return null;
  const name = issuableDisplayName(noteableData.targetType);
  const verb = closed ? 'reopen' : 'close';
  const label = text.trim() ? `Comment & ${verb} ${name}` : `${closed ? 'Reopen' : 'Close'} ${name}`;
  const disabled = noteableData.state === 'merged' || (closed && noteableData.discussion_locked);
  return (
    <>
      <Button loading={toggle.isPending} disabled={disabled} onClick={() => toggle.mutate()}>
        {label}
      </Button>
      {toggle.isError && <Flash variant="danger">{toggle.error.message}</Flash>}
    </>
  );
}
