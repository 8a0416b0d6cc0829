import { Label } from '@primer/react';
import type { DiffFile } from '../../../shared/api/diffs';
import type { Discussion } from '../../../shared/api/notes';
import { DiscussionThread } from '../notes/DiscussionThread';
import { DiffThreadsScope, useDiffNotes } from './DiffNotesContext';

/**
 * The threads a push left behind on this file (their lines read differently now): listed under
 * the file as outdated; the push's note in a thread whose line it changed has "Compare changes".
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
  const position = discussion.original_position ?? discussion.position;
  const line = position?.new_line ?? position?.old_line;
  return (
    <div className="diff-outdated__thread">
      <div className="diff-outdated__header">
        <Label variant="attention">Outdated</Label>
        <span className="muted">Started on {line ? `line ${line} of ` : ''}an old version of the diff</span>
      </div>
      <ul className="diff-notes__threads">
        <DiscussionThread discussion={discussion} />
      </ul>
    </div>
  );
}
