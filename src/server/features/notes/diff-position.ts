import type { DiffLine } from '../../../shared/api/diffs';
import type { NotePosition } from '../../../shared/api/notes';

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

const SYMLINK_MODE = '120000';
const ABSENT_MODE = /^0+$/;

/** Spec 001 section 5: the diff lines nobody may comment on, and why (shown to the user). */
export const POSITION_REFUSALS = {
  symlink:
    'You cannot comment on a symbolic link that replaces a file, or on a file that replaces a symbolic link.',
  renamedOnly: 'You cannot comment on a file that was only moved or renamed.',
  brokenLineCode: 'The line code does not match a line of this file in the diff.',
  notInDiff: 'The line is not part of the diff of this merge request.',
  noLines: 'This file has no lines to comment on.',
  notAnImage: 'Image positions are only for image files.',
  imagePoint: 'An image position needs x, y, width and height, with the point inside the image.',
} as const;

/** A symbolic link replaced by a file or the other way round (a plain symlink change is fine). */
function symlinkSwap(file: PositionedFile): boolean {
  if (ABSENT_MODE.test(file.aMode) || ABSENT_MODE.test(file.bMode)) return false;
  return (file.aMode === SYMLINK_MODE) !== (file.bMode === SYMLINK_MODE);
}

const isCommentable = (line: DiffLine) => line.type !== 'match' && line.line_code !== null;

function findLine(lines: DiffLine[], oldLine: number | null, newLine: number | null): DiffLine | undefined {
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
 * the diff and line codes that name another line. A line range needs both ends in the diff.
 */
export function positionProblem(
  position: NotePosition,
  file: PositionedFile,
  lineCode?: string,
): string | null {
  if (symlinkSwap(file)) return POSITION_REFUSALS.symlink;
  if (file.renamedFile && file.addedCount === 0 && file.removedCount === 0)
    return POSITION_REFUSALS.renamedOnly;
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

/** The line code of the line a text position names (stored with the note), or null for images. */
export function positionLineCode(position: NotePosition, file: PositionedFile): string | null {
  if (position.position_type !== 'text' || !file.lines) return null;
  return findLine(file.lines, position.old_line ?? null, position.new_line ?? null)?.line_code ?? null;
}
