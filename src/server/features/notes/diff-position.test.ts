import { describe, expect, it } from 'vitest';
import type { DiffLine } from '../../../shared/api/diffs';
import type { NotePosition } from '../../../shared/api/notes';
import { fileHash, lineCode } from '../../../shared/diff/lineCode';
import { parseFilePatch } from '../../../shared/diff/parsePatch';
import { truncatedDiffLines } from '../../../shared/notes/truncatedDiffLines';
import {
  hiddenGapOf,
  hiddenPlaces,
  positionProblem,
  positionRefsProblem,
  POSITION_REFUSALS,
  unfoldedLines,
  unfoldFor,
  type PositionedFile,
} from './diff-position';

// A 30-line file whose line 5 became two lines and whose line 20 went: the new file has 29 lines.
// Hidden: new 1 (old 1), new 10..17 (old 9..16), new 24..29 (old 24..30).
const patch = [
  'diff --git a/app.txt b/app.txt',
  'index 1111111..2222222 100644',
  '--- a/app.txt',
  '+++ b/app.txt',
  '@@ -2,7 +2,8 @@',
  ' line 2',
  ' line 3',
  ' line 4',
  '-line 5',
  '+line 5a',
  '+line 5b',
  ' line 6',
  ' line 7',
  ' line 8',
  '@@ -17,7 +18,6 @@',
  ' line 17',
  ' line 18',
  ' line 19',
  '-line 20',
  ' line 21',
  ' line 22',
  ' line 23',
  '',
].join('\n');

const diffLines: DiffLine[] = parseFilePatch(patch).lines.map((line) => ({ ...line, rich_text: line.text }));
const secondHeader = diffLines.findIndex((line, i) => i > 0 && line.type === 'match');
const hash = fileHash('app.txt');

/** An unchanged line of the file as the context lines endpoint reads it. */
const fileLine = (oldLine: number, newLine: number): DiffLine => ({
  line_code: lineCode(hash, oldLine, newLine),
  type: null,
  old_line: oldLine,
  new_line: newLine,
  text: ` line ${oldLine}`,
  rich_text: ` line ${oldLine}`,
  meta_data: null,
});

const at = (
  oldLine: number | null,
  newLine: number | null,
  extra: Partial<NotePosition> = {},
): NotePosition => ({
  base_sha: 'a'.repeat(40),
  start_sha: 'a'.repeat(40),
  head_sha: 'b'.repeat(40),
  old_path: 'app.txt',
  new_path: 'app.txt',
  position_type: 'text',
  old_line: oldLine,
  new_line: newLine,
  ...extra,
});

const file = (lines: DiffLine[]): PositionedFile => ({
  aMode: '100644',
  bMode: '100644',
  renamedFile: false,
  addedCount: 2,
  removedCount: 2,
  viewer: { name: 'text' },
  lines,
});

describe('hiddenGapOf', () => {
  it('finds the unchanged lines above the first hunk, between hunks and after the last one', () => {
    expect(hiddenGapOf(diffLines, 1)).toEqual({ since: 1, offset: 0, at: 0 });
    expect(hiddenGapOf(diffLines, 12)).toEqual({ since: 10, offset: 1, at: secondHeader });
    expect(hiddenGapOf(diffLines, 17)).toEqual({ since: 10, offset: 1, at: secondHeader });
    expect(hiddenGapOf(diffLines, 26)).toEqual({ since: 24, offset: 0, at: diffLines.length });
  });

  it('has no gap for a line the diff shows or a number inside a hunk', () => {
    for (const newLine of [0, 2, 5, 9, 18, 23]) expect(hiddenGapOf(diffLines, newLine)).toBeNull();
  });

  it("reads GitLab's trailing match line as the end of the diff, not as a hunk", () => {
    const trailing: DiffLine = {
      ...diffLines[0]!,
      text: '',
      rich_text: '',
      meta_data: { old_pos: 23, new_pos: 23 },
    };
    const lines = [...diffLines, trailing];
    expect(hiddenGapOf(lines, 26)).toEqual({ since: 24, offset: 0, at: lines.length - 1 });
  });
});

describe('hiddenPlaces', () => {
  it('names the hidden unchanged lines a position and its range ends sit on', () => {
    expect(hiddenPlaces(at(11, 12), diffLines)).toEqual([{ old: 11, new: 12 }]);
    const range = {
      start: { line_code: lineCode(hash, 8, 9), type: null, old_line: 8, new_line: 9 },
      end: { line_code: lineCode(hash, 10, 11), type: null, old_line: 10, new_line: 11 },
    };
    expect(hiddenPlaces(at(10, 11, { line_range: range }), diffLines)).toEqual([{ old: 10, new: 11 }]);
  });

  it('leaves out numbers that do not name one unchanged line, and lines of the diff', () => {
    for (const [oldLine, newLine] of [
      [12, 12],
      [11, null],
      [null, 12],
      [5, 5],
      [8, 9],
    ] as const)
      expect(hiddenPlaces(at(oldLine, newLine), diffLines)).toEqual([]);
  });
});

describe('positionProblem on expanded context', () => {
  it('accepts a hidden line once read from the file, with its line code', () => {
    expect(positionProblem(at(11, 12), file(diffLines))).toBe(POSITION_REFUSALS.notInDiff);
    const read = file([...diffLines, fileLine(11, 12)]);
    expect(positionProblem(at(11, 12), read, lineCode(hash, 11, 12))).toBeNull();
    expect(positionProblem(at(11, 12), read, lineCode(hash, 12, 12))).toBe(POSITION_REFUSALS.brokenLineCode);
  });
});

describe('unfoldFor and unfoldedLines', () => {
  it('unfolds 3 lines above a hidden line after a hunk header of their own', () => {
    const unfold = unfoldFor(at(14, 15), diffLines)!;
    expect(unfold).toEqual({ since: 12, to: 15, offset: 1, at: secondHeader, header: true });
    const read = [12, 13, 14, 15].map((n) => fileLine(n - 1, n));
    const excerpt = truncatedDiffLines(unfoldedLines(diffLines, unfold, read), at(14, 15));
    expect(excerpt.map((line) => line.new_line)).toEqual([12, 13, 14, 15]);
  });

  it('joins the hunk above when the unfolded lines reach it, as the excerpt then shows', () => {
    const unfold = unfoldFor(at(10, 11), diffLines)!;
    expect(unfold).toEqual({ since: 10, to: 11, offset: 1, at: secondHeader, header: false });
    const read = [10, 11].map((n) => fileLine(n - 1, n));
    const excerpt = truncatedDiffLines(unfoldedLines(diffLines, unfold, read), at(10, 11));
    expect(excerpt.map((line) => [line.old_line, line.new_line])).toEqual([
      [2, 2],
      [3, 3],
      [4, 4],
      [5, null],
      [null, 5],
      [null, 6],
      [6, 7],
      [7, 8],
      [8, 9],
      [9, 10],
      [10, 11],
    ]);
  });

  it('unfolds nothing for a line of the diff or numbers that do not agree', () => {
    expect(unfoldFor(at(6, 7), diffLines)).toBeNull();
    expect(unfoldFor(at(12, 12), diffLines)).toBeNull();
    expect(unfoldFor({ ...at(11, 12), position_type: 'image' }, diffLines)).toBeNull();
  });
});

describe('positionRefsProblem', () => {
  const version = { base_sha: 'b1', start_sha: 's1', head_sha: 'h1' };
  const commit = { base_sha: 'p1', start_sha: 'p1', head_sha: 'h1' };

  it('takes the refs of any one diff the merge request offers', () => {
    expect(positionRefsProblem(version, [version, commit])).toBeNull();
    expect(positionRefsProblem(commit, [version, commit])).toBeNull();
  });

  it('blames the head when no diff has it, whatever the other two say', () => {
    expect(positionRefsProblem({ ...version, head_sha: 'x' }, [version, commit])).toBe('head_sha');
    expect(positionRefsProblem(version, [])).toBe('head_sha');
  });

  it('blames the field that differs from the closest diff with the same head', () => {
    expect(positionRefsProblem({ ...version, base_sha: 'x' }, [version, commit])).toBe('base_sha');
    expect(positionRefsProblem({ ...version, start_sha: 'x' }, [version, commit])).toBe('start_sha');
    expect(positionRefsProblem({ ...commit, base_sha: 'x' }, [version, commit])).toBe('base_sha');
    // One version's base with another diff's start is none of them.
    expect(positionRefsProblem({ ...version, start_sha: 'p1' }, [version, commit])).toBe('start_sha');
  });
});
