import { CommentIcon } from '@primer/octicons-react';
import type { MouseEvent, ReactNode } from 'react';
import type { DiffFile } from '../../../shared/api/diffs';
import type { NotePosition } from '../../../shared/api/notes';
import { DiscussionThread } from '../notes/DiscussionThread';
import { DraftNoteItem } from '../notes/DraftNoteItem';
import { DiffNoteForm } from './DiffNoteForm';
import { DiffThreadsScope, useDiffNotes, useDiffThreadsContext } from './DiffNotesContext';
import type { Size } from './imageDiff';
import { imagePoint, pinNumbers, pinPercent, type ImagePoint } from './imageNotes';

const pinStyle = (point: Partial<ImagePoint>) => {
  const place = pinPercent(point);
  return place ? { left: `${place.xPercent}%`, top: `${place.yPercent}%` } : { display: 'none' };
};

const threadAnchor = (id: string) => `image-thread-${id}`;

/**
 * Spec 001 section 2.9: the image a comment can point at. A click (or Enter, in the middle) opens
 * the form at that point; the threads show as numbered pins, pending comments as unnumbered ones.
 * With `layer`, the frame holds no image: it lies over the new image of the swipe and onion skin
 * modes (drawn at its natural size from the top left corner), as large as that image.
 */
export function ImageNotesFrame({
  file,
  children = null,
  layer,
}: {
  file: DiffFile;
  children?: ReactNode;
  layer?: Size;
}) {
  const diffNotes = useDiffNotes();
  if (!diffNotes) return <>{children}</>;
  const placed = diffNotes.notesOf(file);
  const numbers = pinNumbers(placed.image);
  const form =
    diffNotes.form?.kind === 'image' && diffNotes.form.fileHash === file.file_hash ? diffNotes.form : null;

  const open = (event: MouseEvent<HTMLButtonElement>) => {
    const shown = event.currentTarget.getBoundingClientRect();
    // A click names its point; a key press (no pointer) the middle of the image.
    const keyboard = event.detail === 0;
    const x = keyboard ? shown.width / 2 : event.clientX - shown.left;
    const y = keyboard ? shown.height / 2 : event.clientY - shown.top;
    diffNotes.setForm({
      kind: 'image',
      fileHash: file.file_hash,
      point: imagePoint(x, y, shown.width, shown.height),
    });
  };

  return (
    <div
      className={layer ? 'image-notes image-notes--layer' : 'image-notes'}
      style={layer ? { width: layer.width, height: layer.height } : undefined}
    >
      {children}
      {diffNotes.canComment && (
        <button
          type="button"
          className="image-notes__overlay"
          aria-label="Add image comment"
          onClick={open}
        />
      )}
      {placed.image.map((discussion) => (
        <a
          key={discussion.id}
          className="image-notes__pin"
          href={`#${threadAnchor(discussion.id)}`}
          style={pinStyle(discussion.position ?? {})}
          aria-label={`Thread ${numbers.get(discussion.id)}`}
        >
          {numbers.get(discussion.id)}
        </a>
      ))}
      {placed.imageDrafts.map((draft) => (
        <span
          key={draft.id}
          className="image-notes__pin image-notes__pin--draft"
          style={pinStyle(draft.position ?? {})}
          title="Pending comment"
        >
          <CommentIcon size={12} />
        </span>
      ))}
      {form && (
        <span className="image-notes__pin image-notes__pin--new" style={pinStyle(form.point)} aria-hidden>
          <CommentIcon size={12} />
        </span>
      )}
    </div>
  );
}

/** The image's threads under it, numbered as their pins, its pending comments, and the open form. */
export function ImageNotesList({ file, side }: { file: DiffFile; side: 'old' | 'new' }) {
  const diffNotes = useDiffNotes();
  const threads = useDiffThreadsContext();
  if (!diffNotes || !threads) return null;
  const placed = diffNotes.notesOf(file);
  const numbers = pinNumbers(placed.image);
  const form =
    diffNotes.form?.kind === 'image' && diffNotes.form.fileHash === file.file_hash ? diffNotes.form : null;
  if (placed.image.length === 0 && placed.imageDrafts.length === 0 && !form) return null;
  const position = (point: ImagePoint): NotePosition => ({
    ...file.diff_refs,
    old_path: file.old_path,
    new_path: file.new_path,
    position_type: 'image',
    ...point,
  });
  return (
    <DiffThreadsScope>
      <div className="image-notes__list" data-side={side}>
        {placed.image.length > 0 && (
          <ol className="diff-notes__threads">
            {placed.image.map((discussion) => (
              <li key={discussion.id} id={threadAnchor(discussion.id)} className="image-notes__entry">
                <span className="image-notes__number" aria-label={`Thread ${numbers.get(discussion.id)}`}>
                  {numbers.get(discussion.id)}
                </span>
                <ul className="image-notes__thread">
                  <DiscussionThread discussion={discussion} />
                </ul>
              </li>
            ))}
          </ol>
        )}
        {placed.imageDrafts.length > 0 && (
          <ul className="discussion discussion__notes diff-notes__drafts">
            {placed.imageDrafts.map((draft) => (
              <DraftNoteItem key={draft.id} draft={draft} />
            ))}
          </ul>
        )}
        {form && (
          <DiffNoteForm
            key={`${form.point.x}_${form.point.y}`}
            position={position(form.point)}
            autosaveKey={`note/${threads.notesData.noteableType}/${threads.notesData.noteableId}/${file.file_hash}_${form.point.x}_${form.point.y}`}
            onClose={() => diffNotes.setForm(null)}
          />
        )}
      </div>
    </DiffThreadsScope>
  );
}
