import { FileIcon, UnfoldIcon } from '@primer/octicons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Discussion } from '../../../shared/api/notes';
import { request } from '../../api/client';
import { DiffLinesTable } from './DiffLinesTable';
import { ThreadIconButton } from './ThreadIconButton';
import { maskIcon } from '../../components/maskIcon';

const SHOW_LINES_ICON = maskIcon(UnfoldIcon);

type ExcerptLine = NonNullable<Discussion['truncated_diff_lines']>[number];

export const SHOW_DIFF_LINES = 'Show the diff lines';

/** A collapsed thread's lines, from its `truncated_diff_lines_path`, once asked for. */
function useLazyLines(path: string | null, wanted: boolean) {
  return useQuery({
    queryKey: ['truncated_diff_lines', path],
    queryFn: () => request<{ truncated_diff_lines: ExcerptLine[] | null }>(path!),
    enabled: wanted && path !== null,
    staleTime: Infinity,
  });
}

/**
 * The Overview's diff thread header: the file the thread is on and the diff lines above its first
 * note, up to the commented line (the server's `truncated_diff_lines`). A resolved thread comes
 * with the address of its lines instead, loaded when the reader asks. Threads on other pages (the
 * Changes tab) sit beside their lines already and show none.
 */
export function DiffExcerpt({ discussion }: { discussion: Discussion }) {
  const [wanted, setWanted] = useState(false);
  const path = discussion.truncated_diff_lines === null ? discussion.truncated_diff_lines_path : null;
  const lazy = useLazyLines(path, wanted);
  const file = discussion.diff_file;
  if (!discussion.diff_discussion || !file) return null;
  const lines = discussion.truncated_diff_lines ?? lazy.data?.truncated_diff_lines ?? [];
  return (
    <div className="diff-excerpt">
      <div className="diff-excerpt__file">
        <FileIcon />
        <span className="diff-excerpt__path">{file.file_path}</span>
        {path !== null && !wanted && (
          <ThreadIconButton
            className="diff-excerpt__show"
            variant="invisible"
            icon={SHOW_LINES_ICON}
            aria-label={SHOW_DIFF_LINES}
            onClick={() => setWanted(true)}
          />
        )}
      </div>
      {lines.length > 0 && <DiffLinesTable lines={lines} label={`Diff lines of ${file.file_path}`} />}
    </div>
  );
}
