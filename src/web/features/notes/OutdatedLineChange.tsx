import { Button, Flash, Spinner } from '@primer/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DiffLine } from '../../../shared/api/diffs';
import { request } from '../../api/client';
import { DiffLinesTable } from './DiffLinesTable';

/**
 * Spec 001 section 2.2: the "Compare changes" of a note saying a push changed a thread's line;
 * the old and new lines (`outdated_line_change_path`) load when first opened.
 */
export function OutdatedLineChange({ path }: { path: string }) {
  const [open, setOpen] = useState(false);
  const lines = useQuery({
    queryKey: ['notes', 'outdated-line-change', path],
    queryFn: ({ signal }) => request<DiffLine[]>(path, { signal }),
    enabled: open,
    staleTime: Infinity,
  });
  return (
    <div className="system-note__version">
      <Button size="small" variant="invisible" aria-expanded={open} onClick={() => setOpen(!open)}>
        Compare changes
      </Button>
      {open &&
        (lines.isPending ? (
          <Spinner size="small" aria-label="Loading the changed lines" />
        ) : lines.isError ? (
          <Flash variant="danger">{lines.error.message}</Flash>
        ) : (
          <div className="system-note__lines">
            <DiffLinesTable lines={lines.data} label="Changed lines" />
          </div>
        ))}
    </div>
  );
}
