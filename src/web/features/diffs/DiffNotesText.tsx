import { useEffect, useMemo, useRef, type HTMLAttributes, type PointerEvent, type ReactNode } from 'react';
import type { DiffFile, DiffLine } from '../../../shared/api/diffs';
import type { Discussion, DraftNote } from '../../../shared/api/notes';
import { COMMENT_REFUSALS, commentRefusal } from '../../../shared/diff/commentRefusal';
import { DiscussionThread } from '../notes/DiscussionThread';
import { DraftNoteItem } from '../notes/DraftNoteItem';
import { DiffNoteForm } from './DiffNoteForm';
import { DiffThreadsScope, useDiffNotes, useDiffThreadsContext, type OpenForm } from './DiffNotesContext';
import { hiddenNoteLines, keyOfLine } from './diffNotesPlacement';
import {
  isCommentableLine,
  lineLabel,
  orderedRange,
  rangeStartOptions,
  suggestionTemplate,
  textPosition,
  type LineRange,
} from './lineRange';

/** Which half of a parallel row; the inline view has one. */
export type LineSide = 'left' | 'right' | 'inline';

/** What the text diff shows of its threads: comment buttons, what goes under a line, the lines being commented on. */
export type LineNotes = {
  /** Lines that get a comment button: commentable lines of the diff and those expanded around it. */
  commentable: (line: DiffLine) => boolean;
  /**
   * Why the lines of this file take no comment (a symbolic link swapped with a file, a file only
   * moved): their button shows disabled with the reason, as GitLab's does; null otherwise.
   */
  refusedBecause: (line: DiffLine) => string | null;
  /** Threads, pending comments and an open form under a line, on one side; null when there are none. */
  below: (line: DiffLine, side: LineSide) => ReactNode;
  /** The lines of the open form, marked. */
  selected: LineRange | null;
  /** The table's handlers: a click on a comment button, or a drag from one to another line. */
  tableProps: HTMLAttributes<HTMLTableElement>;
};

const refusalOf = (file: DiffFile): string | null => {
  const refusal = commentRefusal({
    aMode: file.a_mode,
    bMode: file.b_mode,
    renamedFile: file.renamed_file,
    addedLines: file.added_lines,
    removedLines: file.removed_lines,
  });
  return refusal && COMMENT_REFUSALS[refusal];
};

/** A thread or pending comment of a line shows on the old half when it is on a removed line, else on the new. */
const sideOfLine = (line: DiffLine): 'left' | 'right' => (line.type === 'old' ? 'left' : 'right');

const onSide = (side: LineSide, line: DiffLine) => side === 'inline' || side === sideOfLine(line);

const SELECTING = 'diff-line--selecting';

/**
 * Comment buttons as the table's delegated handlers: a click opens the form on that line; a drag
 * from a line's button to another line opens it on the range, marking the lines while dragging
 * (on the cells themselves, so that the move does not re-render the file).
 */
function useCommentDrag(onComment: (range: LineRange, side: 'left' | 'right') => void) {
  const drag = useRef<{
    table: HTMLTableElement;
    start: number;
    current: number;
    side: 'left' | 'right';
  } | null>(null);
  const mark = (table: HTMLTableElement, range: LineRange | null) => {
    for (const cell of table.querySelectorAll(`.${SELECTING}`)) cell.classList.remove(SELECTING);
    if (!range) return;
    for (const cell of table.querySelectorAll<HTMLElement>('[data-line-index]')) {
      const index = Number(cell.dataset.lineIndex);
      if (index >= range.start && index <= range.end) cell.classList.add(SELECTING);
    }
  };
  const indexAt = (target: EventTarget) =>
    target instanceof Element
      ? target.closest<HTMLElement>('[data-line-index]')?.dataset.lineIndex
      : undefined;
  const buttonAt = (target: EventTarget) =>
    target instanceof Element ? target.closest<HTMLElement>('.diff-comment-button') : null;
  const sideOf = (button: HTMLElement) => (button.dataset.side === 'left' ? 'left' : 'right');

  return useMemo<HTMLAttributes<HTMLTableElement>>(
    () => ({
      onPointerDown: (event: PointerEvent<HTMLTableElement>) => {
        const button = buttonAt(event.target);
        if (!button || event.button !== 0) return;
        // No text selection while dragging over the lines.
        event.preventDefault();
        const start = Number(button.dataset.lineIndex);
        const table = event.currentTarget;
        drag.current = { table, start, current: start, side: sideOf(button) };
        const end = () => {
          window.removeEventListener('pointerup', end);
          const done = drag.current;
          drag.current = null;
          if (!done) return;
          mark(done.table, null);
          if (done.current !== done.start) onComment(orderedRange(done.start, done.current), done.side);
        };
        window.addEventListener('pointerup', end);
      },
      onPointerOver: (event: PointerEvent<HTMLTableElement>) => {
        const current = drag.current;
        const index = indexAt(event.target);
        if (!current || index === undefined || Number(index) === current.current) return;
        current.current = Number(index);
        mark(current.table, orderedRange(current.start, current.current));
      },
      onClick: (event) => {
        const button = buttonAt(event.target);
        if (!button) return;
        const index = Number(button.dataset.lineIndex);
        onComment({ start: index, end: index }, sideOf(button));
      },
    }),
    [onComment],
  );
}

/**
 * The notes of a text file's lines on the Changes tab, or null while the notes load (the diff
 * shows without them). Lines expanded around the hunks take comments too, as in GitLab: the
 * server accepts an unchanged line hidden between the hunks.
 */
export function useLineNotes(file: DiffFile, lines: readonly DiffLine[]): LineNotes | null {
  const diffNotes = useDiffNotes();
  const canComment = diffNotes?.canComment ?? false;
  const setForm = diffNotes?.setForm;
  const refusal = refusalOf(file);
  const commentable = useMemo(
    () => (line: DiffLine) => canComment && refusal === null && isCommentableLine(line),
    [canComment, refusal],
  );
  const onComment = useMemo(
    () => (range: LineRange, side: 'left' | 'right') => {
      const start = lines[range.start];
      const end = lines[range.end];
      if (!setForm || !start || !end || !commentable(start) || !commentable(end)) return;
      setForm({
        kind: 'lines',
        fileHash: file.file_hash,
        startKey: keyOfLine(start),
        endKey: keyOfLine(end),
        side,
      });
    },
    [setForm, lines, commentable, file.file_hash],
  );
  const tableProps = useCommentDrag(onComment);
  if (!diffNotes) return null;
  const placed = diffNotes.notesOf(file);
  const form =
    diffNotes.form?.kind === 'lines' && diffNotes.form.fileHash === file.file_hash ? diffNotes.form : null;
  const range = form ? formRange(lines, form) : null;

  return {
    commentable,
    refusedBecause: (line) => (canComment && refusal !== null && isCommentableLine(line) ? refusal : null),
    selected: range,
    tableProps,
    below: (line, side) => {
      const key = keyOfLine(line);
      const shown = onSide(side, line);
      const threads = (shown && placed.lines.get(key)) || [];
      const drafts = (shown && placed.lineDrafts.get(key)) || [];
      const formHere = form?.endKey === key && (side === 'inline' || form.side === side);
      if (threads.length === 0 && drafts.length === 0 && !formHere) return null;
      return (
        <LineThreads
          threads={threads}
          drafts={drafts}
          form={
            formHere && range ? (
              <LineForm file={file} lines={lines} range={range} commentable={commentable} form={form} />
            ) : null
          }
        />
      );
    },
  };
}

/**
 * Threads and pending comments written on lines expanded around the hunks show where they were
 * written: the hidden lines they sit on are unfolded, one after the other, once the notes are in
 * (`unfold` is null while lines load). A line that cannot be unfolded is not asked for again.
 */
export function useUnfoldToNotes(
  file: DiffFile,
  lines: readonly DiffLine[],
  unfold: ((file: DiffFile, newLine: number) => void) | null,
) {
  const diffNotes = useDiffNotes();
  const placed = diffNotes?.notesOf(file) ?? null;
  const asked = useRef<{ file: DiffFile; lines: Set<number> }>({ file, lines: new Set() });
  useEffect(() => {
    if (!placed || !unfold) return;
    if (asked.current.file !== file) asked.current = { file, lines: new Set() };
    const next = hiddenNoteLines(placed, lines).find((line) => !asked.current.lines.has(line));
    if (next === undefined) return;
    asked.current.lines.add(next);
    unfold(file, next);
  }, [file, lines, placed, unfold]);
}

function formRange(lines: readonly DiffLine[], form: Extract<OpenForm, { kind: 'lines' }>): LineRange | null {
  const end = lines.findIndex((line) => line.type !== 'match' && keyOfLine(line) === form.endKey);
  if (end < 0) return null;
  const start = lines.findIndex((line) => line.type !== 'match' && keyOfLine(line) === form.startKey);
  return start < 0 || start > end ? { start: end, end } : { start, end };
}

function LineThreads({
  threads,
  drafts,
  form,
}: {
  threads: Discussion[];
  drafts: DraftNote[];
  form: ReactNode;
}) {
  return (
    <DiffThreadsScope>
      <div className="diff-notes">
        {threads.length > 0 && (
          <ul className="diff-notes__threads">
            {threads.map((discussion) => (
              <DiscussionThread key={discussion.id} discussion={discussion} />
            ))}
          </ul>
        )}
        {drafts.length > 0 && (
          <ul className="discussion discussion__notes diff-notes__drafts">
            {drafts.map((draft) => (
              <DraftNoteItem key={draft.id} draft={draft} />
            ))}
          </ul>
        )}
        {form}
      </div>
    </DiffThreadsScope>
  );
}

function LineForm({
  file,
  lines,
  range,
  commentable,
  form,
}: {
  file: DiffFile;
  lines: readonly DiffLine[];
  range: LineRange;
  commentable: (line: DiffLine) => boolean;
  form: Extract<OpenForm, { kind: 'lines' }>;
}) {
  const diffNotes = useDiffNotes();
  const threads = useDiffThreadsContext();
  const placed = textPosition(file, lines, range);
  const end = lines[range.end];
  if (!diffNotes || !threads || !placed || !end) return null;
  const options = rangeStartOptions(lines, range.end, commentable);
  const header = (
    <div className="diff-note-form__range">
      <label>
        Commenting on lines{' '}
        <select
          aria-label="Start line"
          value={range.start}
          onChange={(event) => {
            const start = lines[Number(event.target.value)];
            if (start) diffNotes.setForm({ ...form, startKey: keyOfLine(start) });
          }}
        >
          {options.map((index) => (
            <option key={index} value={index}>
              {lineLabel(lines[index]!)}
            </option>
          ))}
        </select>{' '}
        to <strong>{lineLabel(end)}</strong>
      </label>
    </div>
  );
  return (
    <DiffNoteForm
      position={placed.position}
      lineCode={placed.lineCode}
      header={header}
      suggestion={suggestionTemplate(lines, range)}
      autosaveKey={`note/${threads.notesData.noteableType}/${threads.notesData.noteableId}/${placed.lineCode}`}
      onClose={() => diffNotes.setForm(null)}
    />
  );
}
