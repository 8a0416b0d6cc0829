import { TrashIcon } from '@primer/octicons-react';
import { Button, Flash, IconButton, Spinner } from '@primer/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Note } from '../../../shared/api/notes';
import { request } from '../../api/client';
import { MarkdownBody } from '../../components/MarkdownBody';

const FETCH_FAILED = 'Something went wrong while fetching description changes. Please try again.';
const DELETE_FAILED = 'Something went wrong while deleting description changes. Please try again.';

/** The diff answer: HTML, alone or in `{ html }`. */
function diffHtml(answer: unknown): string {
  if (typeof answer === 'string') return answer;
  if (answer && typeof answer === 'object' && 'html' in answer && typeof answer.html === 'string')
    return answer.html;
  return '';
}

/**
 * Spec 001 sections 2.2 and 4: "Compare with previous version", loaded only when opened, and the
 * version's soft delete, after which it reads "Deleted".
 */
export function DescriptionVersion({ note }: { note: Note }) {
  const [open, setOpen] = useState(false);
  const [deleted, setDeleted] = useState(note.description_version_deleted === true);
  const diff = useQuery({
    queryKey: ['notes', 'description-diff', note.description_diff_path],
    queryFn: ({ signal }) => request<unknown>(note.description_diff_path ?? '', { signal }),
    enabled: open && !deleted,
    staleTime: Infinity,
  });
  const remove = useMutation({
    mutationFn: () => request<null>(note.delete_description_version_path ?? '', { method: 'DELETE' }),
    onSuccess: () => setDeleted(true),
  });

  if (deleted) return <p className="muted system-note__version">Deleted</p>;
  const canDelete =
    note.can_delete_description_version && note.delete_description_version_path && !remove.isPending;
  return (
    <div className="system-note__version">
      <Button size="small" variant="invisible" aria-expanded={open} onClick={() => setOpen(!open)}>
        Compare with previous version
      </Button>
      {open && (
        <div className="system-note__diff">
          {diff.isPending ? (
            <Spinner size="small" />
          ) : diff.isError ? (
            <Flash variant="danger">{FETCH_FAILED}</Flash>
          ) : (
            <MarkdownBody html={diffHtml(diff.data)} />
          )}
          {canDelete && (
            <IconButton
              size="small"
              variant="invisible"
              icon={TrashIcon}
              aria-label="Remove description history"
              onClick={() => remove.mutate()}
            />
          )}
          {remove.isError && <Flash variant="danger">{DELETE_FAILED}</Flash>}
        </div>
      )}
    </div>
  );
}
