import { Button, Flash, Label, Spinner } from '@primer/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DiffFile, DiffLine } from '../../../shared/api/diffs';
import type { Discussion } from '../../../shared/api/notes';
import { request } from '../../api/client';
import { DiscussionThread } from '../notes/DiscussionThread';
import { DiffThreadsScope, useDiffNotes } from './DiffNotesContext';
import { TextDiff } from './TextDiff';

/**
 * The threads a push left behind on this file (their lines read differently now): listed under
 * the file as outdated, each with "Compare changes" to show the lines it was written on.
 */
export function OutdatedDiscussions({ file }: { file: DiffFile }) {
  const diffNotes = useDiffNotes();
  const outdated = diffNotes?.notesOf(file).outdated ?? [];
  if (outdated.length === 0) return null;
  return (
    <DiffThreadsScope>
      <section className="diff-outdated" aria-label="Outdated threads">
        {outdated.map((discussion) => (
          <OutdatedThread key={discussion.id} discussion={discussion} />
        ))}
      </section>
    </DiffThreadsScope>
  );
}

function OutdatedThread({ discussion }: { discussion: Discussion }) {
  const [comparing, setComparing] = useState(false);
  const position = discussion.original_position ?? discussion.position;
  // An image point has no lines to compare.
  const path =
    position?.position_type === 'text' ? (discussion.notes[0]?.outdated_line_change_path ?? null) : null;
  const line = position?.new_line ?? position?.old_line;
  return (
    <div className="diff-outdated__thread">
      <div className="diff-outdated__header">
        <Label variant="attention">Outdated</Label>
        <span className="muted">Started on {line ? `line ${line} of ` : ''}an old version of the diff</span>
        {path && (
          <Button
            size="small"
            variant="invisible"
            aria-expanded={comparing}
            onClick={() => setComparing(!comparing)}
          >
            Compare changes
          </Button>
        )}
      </div>
      {comparing && path && <OutdatedLines path={path} />}
      <ul className="diff-notes__threads">
        <DiscussionThread discussion={discussion} />
      </ul>
    </div>
  );
}

/** `outdated_line_change_path`: the lines the thread was written on, as that version's diff showed them. */
function OutdatedLines({ path }: { path: string }) {
  const lines = useQuery({
    queryKey: ['diffs', 'outdated-lines', path],
    queryFn: ({ signal }) => request<DiffLine[]>(path, { signal }),
    staleTime: Infinity,
  });
  if (lines.isPending) return <Spinner size="small" aria-label="Loading the outdated lines" />;
  if (lines.isError) return <Flash variant="danger">{lines.error.message}</Flash>;
  return (
    <div className="diff-outdated__lines">
      <TextDiff lines={lines.data} view="inline" />
    </div>
  );
}
