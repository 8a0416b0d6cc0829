import type { DiffLine } from '../../../shared/api/diffs';
import type { NotePosition } from '../../../shared/api/notes';
import { COMMENT_REFUSALS, commentRefusal } from '../../../shared/diff/commentRefusal';

/** What a position is checked against: one file of the merge request's diff, as the diffs service reads it. */
export type PositionedFile = {
  aMode: string;
  bMode: string;
  renamedFile: boolean;
  addedCount: number;
  removedCount: number;
  viewer: { name: string };
  lines: DiffLine[] | null;
};

/** Spec 001 section 5: the diff lines nobody may comment on, and why (shown to the user). */
export const POSITION_REFUSALS = {
  symlink: COMMENT_REFUSALS.symlink,
  renamedOnly: COMMENT_REFUSALS.movedOnly,
  brokenLineCode: 'The line code does not match a line of this file in the diff.',
  notInDiff: 'The line is not part of the diff of this merge request.',
  noLines: 'This file has no lines to comment on.',
  notAnImage: 'Image positions are only for image files.',
  imagePoint: 'An image position needs x, y, width and height, with the point inside the image.',
} as const;

const isCommentable = (line: DiffLine) => line.type !== 'match' && line.line_code !== null;

function findLine(
  lines: readonly DiffLine[],
  oldLine: number | null,
  newLine: number | null,
): DiffLine | undefined {
  return lines.find((line) => isCommentable(line) && line.old_line === oldLine && line.new_line === newLine);
}

function imageProblem(position: NotePosition, file: PositionedFile): string | null {
  if (file.viewer.name !== 'image') return POSITION_REFUSALS.notAnImage;
  const { x, y, width, height } = position;
  if (x === undefined || y === undefined || width === undefined || height === undefined)
    return POSITION_REFUSALS.imagePoint;
  const inside = width > 0 && height > 0 && x >= 0 && y >= 0 && x <= width && y <= height;
  return inside ? null : POSITION_REFUSALS.imagePoint;
}

/**
 * Why a comment may not sit at this position of this file, or null when it may: refusals for
 * symbolic link swaps, files only renamed, image points outside the image, lines that are not in
 * the diff and line codes that name another line. A line range needs both ends in the diff. The
 * file's lines are the diff's and the hidden unchanged lines the position names, read from the file.
 */
export function positionProblem(
  position: NotePosition,
  file: PositionedFile,
  lineCode?: string,
): string | null {
  const refusal = commentRefusal({
    aMode: file.aMode,
    bMode: file.bMode,
    renamedFile: file.renamedFile,
    addedLines: file.addedCount,
    removedLines: file.removedCount,
  });
  if (refusal) return COMMENT_REFUSALS[refusal];
  if (position.position_type === 'image') return imageProblem(position, file);
  if (!file.lines || file.lines.length === 0) return POSITION_REFUSALS.noLines;
  const line = findLine(file.lines, position.old_line ?? null, position.new_line ?? null);
  if (!line) return POSITION_REFUSALS.notInDiff;
  if (lineCode !== undefined && lineCode !== line.line_code) return POSITION_REFUSALS.brokenLineCode;
  const range = position.line_range;
  if (!range) return null;
  for (const end of [range.start, range.end]) {
    const found = findLine(file.lines, end.old_line, end.new_line);
    if (!found) return POSITION_REFUSALS.notInDiff;
    if (found.line_code !== end.line_code) return POSITION_REFUSALS.brokenLineCode;
  }
  return null;
}

/** A run of unchanged lines the diff does not show, where a hunk header or the end of the diff stands. */
export type HiddenGap = {
  /** The first hidden line, on the new side. */
  since: number;
  /** new line - old line across the gap. */
  offset: number;
  /** The index of the hunk header after the gap, or the number of lines when the gap ends the file. */
  at: number;
};

/**
 * The unchanged lines outside the hunks that hold new line `newLine`, or null when the diff shows
 * that line or it sits inside a hunk. Before a hunk header the old side is behind by what the header
 * says; after the last hunk, by where the diff's last lines stand. Whether the file has that many
 * lines is for the file to say.
 */
export function hiddenGapOf(lines: readonly DiffLine[], newLine: number): HiddenGap | null {
  if (newLine < 1) return null;
  let oldNext = 1;
  let newNext = 1;
  for (const [index, line] of lines.entries()) {
    if (line.type === 'match') {
      const meta = line.meta_data;
      // GitLab's trailing match line names the last lines shown, so it opens no gap of its own.
      if (meta && newLine >= newNext && newLine < meta.new_pos)
        return { since: newNext, offset: meta.new_pos - meta.old_pos, at: index };
      continue;
    }
    if (line.new_line !== null) newNext = line.new_line + 1;
    if (line.old_line !== null) oldNext = line.old_line + 1;
  }
  if (newLine < newNext) return null;
  const at = lines.findLastIndex((line) => line.type !== 'match') + 1;
  return { since: newNext, offset: newNext - oldNext, at };
}

/** Whether old line `oldLine` and new line `newLine` name one unchanged line the diff hides. */
function isHidden(lines: readonly DiffLine[], oldLine: number | null, newLine: number | null): boolean {
  if (oldLine === null || newLine === null || findLine(lines, oldLine, newLine)) return false;
  const gap = hiddenGapOf(lines, newLine);
  return gap !== null && newLine - gap.offset === oldLine;
}

/**
 * The places of a text position (its line and a range's ends) that are unchanged lines hidden
 * between the hunks, with old and new numbers that agree: the lines of a comment on expanded
 * context. They are read from the file before the position is checked (past its end is no line).
 */
export function hiddenPlaces(
  position: NotePosition,
  lines: readonly DiffLine[],
): Array<{ old: number; new: number }> {
  if (position.position_type !== 'text') return [];
  const places = new Map<string, { old: number; new: number }>();
  for (const end of [position, position.line_range?.start, position.line_range?.end]) {
    const oldLine = end?.old_line ?? null;
    const newLine = end?.new_line ?? null;
    if (isHidden(lines, oldLine, newLine))
      places.set(`${oldLine}_${newLine}`, { old: oldLine!, new: newLine! });
  }
  return [...places.values()];
}

/** GitLab's `LinesUnfolder::UNFOLD_CONTEXT_SIZE`: unchanged lines unfolded above a comment on hidden context. */
export const UNFOLD_CONTEXT_SIZE = 3;

/** The hidden lines `since`..`to` (new side) to read and unfold into the diff at index `at`. */
export type Unfold = { since: number; to: number; offset: number; at: number; header: boolean };

/**
 * What GitLab unfolds for a thread on a hidden unchanged line, as far as its excerpt needs: the
 * line and up to 3 above it, after a hunk header of their own unless they reach the hunk above.
 */
export function unfoldFor(position: NotePosition, lines: readonly DiffLine[]): Unfold | null {
  const newLine = position.new_line ?? null;
  if (position.position_type !== 'text' || newLine === null) return null;
  if (!isHidden(lines, position.old_line ?? null, newLine)) return null;
  const gap = hiddenGapOf(lines, newLine)!;
  const since = Math.max(gap.since, newLine - UNFOLD_CONTEXT_SIZE);
  return { since, to: newLine, offset: gap.offset, at: gap.at, header: since > gap.since };
}

/**
 * The diff's lines up to an unfolded position, as an excerpt reads them: the lines read alone when
 * a hunk header of their own stands above them, else joined to the lines above the gap.
 */
export function unfoldedLines(lines: readonly DiffLine[], unfold: Unfold, read: DiffLine[]): DiffLine[] {
  return unfold.header ? read : [...lines.slice(0, unfold.at), ...read];
}

/** The line code of the line a text position names (stored with the note), or null for images. */
export function positionLineCode(position: NotePosition, file: PositionedFile): string | null {
  if (position.position_type !== 'text' || !file.lines) return null;
  return findLine(file.lines, position.old_line ?? null, position.new_line ?? null)?.line_code ?? null;
}

/** The three commits that fix a diff: where it starts and ends, and the merge base it is read from. */
export type DiffRefs = Pick<NotePosition, 'base_sha' | 'start_sha' | 'head_sha'>;

/** The position fields that name commits, in the order a wrong one is reported. */
export type PositionShaField = 'head_sha' | 'base_sha' | 'start_sha';

const SHA_FIELDS: readonly PositionShaField[] = ['head_sha', 'base_sha', 'start_sha'];

/**
 * Which of a position's commits is wrong, or null when the three are the refs of one diff the
 * merge request offers (`candidates`: its versions, versions compared, commits). All three must
 * fit one diff, as GitLab's diff refs do: a valid head does not excuse another version's base.
 * The field blamed is the first that differs from the candidate closest to the position.
 */
export function positionRefsProblem(
  position: DiffRefs,
  candidates: readonly DiffRefs[],
): PositionShaField | null {
  let blamed: PositionShaField = 'head_sha';
  let fewest = Number.POSITIVE_INFINITY;
  for (const refs of candidates) {
    const wrong = SHA_FIELDS.filter((field) => refs[field] !== position[field]);
    if (wrong.length === 0) return null;
    // A candidate with another head says nothing about the other two fields.
    if (wrong[0] === 'head_sha' || wrong.length >= fewest) continue;
    fewest = wrong.length;
    blamed = wrong[0]!;
  }
  return blamed;
}

/** The refusal of a position whose `field` names no commit of a diff of the merge request. */
export const positionRefsMessage = (field: PositionShaField): string =>
  `The position's ${field} does not belong to a version of this merge request.`;
