import type { DiffFile, DiffLine, DiffRefs } from '../../../shared/api/diffs';
import type { Discussion, DraftNote, NotePosition } from '../../../shared/api/notes';

/** Where a line's threads are kept: its old and new numbers, which every version of the diff shares. */
export const lineKey = (oldLine: number | null | undefined, newLine: number | null | undefined): string =>
  `${oldLine ?? ''}_${newLine ?? ''}`;

export const keyOfLine = (line: Pick<DiffLine, 'old_line' | 'new_line'>): string =>
  lineKey(line.old_line, line.new_line);

type File = Pick<DiffFile, 'old_path' | 'new_path' | 'diff_refs'>;

const sameRefs = (position: NotePosition, refs: DiffRefs) =>
  position.base_sha === refs.base_sha &&
  position.start_sha === refs.start_sha &&
  position.head_sha === refs.head_sha;

const onFile = (position: NotePosition, file: File) =>
  position.new_path === file.new_path && position.old_path === file.old_path;

/** Where something positioned sits on this file as shown: a line (by key), the image, or nowhere. */
export type Spot = { kind: 'line'; key: string; position: NotePosition } | { kind: 'image' } | null;

function spotOf(position: NotePosition | null, file: File): Spot {
  if (!position || !onFile(position, file) || !sameRefs(position, file.diff_refs)) return null;
  if (position.position_type === 'image') return { kind: 'image' };
  return { kind: 'line', key: lineKey(position.old_line, position.new_line), position };
}

/** A thread shows where its position is on this diff, or where it was first written when that diff is shown. */
const discussionSpot = (discussion: Discussion, file: File): Spot =>
  spotOf(discussion.position, file) ?? spotOf(discussion.original_position, file);

/**
 * A thread a push left behind (`active: false`) on this file, written on a diff other than the
 * one shown: listed under the file as outdated rather than on a line that no longer says the same.
 */
function isOutdatedHere(discussion: Discussion, file: File): boolean {
  if (discussion.active) return false;
  const position = discussion.original_position ?? discussion.position;
  return position?.new_path === file.new_path;
}

export type FileNotes = {
  lines: ReadonlyMap<string, Discussion[]>;
  image: Discussion[];
  outdated: Discussion[];
  /** The viewer's pending new threads (pending replies show inside their threads). */
  lineDrafts: ReadonlyMap<string, DraftNote[]>;
  imageDrafts: DraftNote[];
  /** The new-side number of each unchanged line with threads or pending comments, by line key. */
  unchangedLines: ReadonlyMap<string, number>;
};

function push<T>(map: Map<string, T[]>, key: string, item: T) {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}

/** The diff threads and pending comments of one file, by where they show. */
export function fileNotes(
  discussions: readonly Discussion[],
  drafts: readonly DraftNote[],
  file: File,
): FileNotes {
  const lines = new Map<string, Discussion[]>();
  const image: Discussion[] = [];
  const outdated: Discussion[] = [];
  const unchangedLines = new Map<string, number>();
  const onLine = (spot: Extract<Spot, { kind: 'line' }>) => {
    const { old_line: oldLine, new_line: newLine } = spot.position;
    if (oldLine != null && newLine != null) unchangedLines.set(spot.key, newLine);
  };
  for (const discussion of discussions) {
    if (!discussion.diff_discussion) continue;
    const spot = discussionSpot(discussion, file);
    if (spot?.kind === 'line') {
      push(lines, spot.key, discussion);
      onLine(spot);
    } else if (spot?.kind === 'image') image.push(discussion);
    else if (isOutdatedHere(discussion, file)) outdated.push(discussion);
  }
  const lineDrafts = new Map<string, DraftNote[]>();
  const imageDrafts: DraftNote[] = [];
  for (const draft of drafts) {
    if (draft.discussion_id !== null) continue;
    const spot = spotOf(draft.position, file);
    if (spot?.kind === 'line') {
      push(lineDrafts, spot.key, draft);
      onLine(spot);
    } else if (spot?.kind === 'image') imageDrafts.push(draft);
  }
  return { lines, image, outdated, lineDrafts, imageDrafts, unchangedLines };
}

/**
 * The new-side numbers of the unchanged lines with threads or pending comments that the lines
 * shown leave out (written on context expanded around the hunks), first line first.
 */
export function hiddenNoteLines(
  notes: Pick<FileNotes, 'unchangedLines'>,
  shown: readonly DiffLine[],
): number[] {
  const keys = new Set(shown.filter((line) => line.type !== 'match').map(keyOfLine));
  return [...notes.unchangedLines]
    .filter(([key]) => !keys.has(key))
    .map(([, newLine]) => newLine)
    .sort((a, b) => a - b);
}

/** Whether a pending comment shows on a file of this diff (else the review panel lists it). */
export function draftShownOn(draft: DraftNote, files: readonly File[]): boolean {
  return draft.discussion_id === null && files.some((file) => spotOf(draft.position, file) !== null);
}
