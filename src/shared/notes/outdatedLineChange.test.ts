import { describe, expect, it } from 'vitest';
import { outdatedLineChange } from './outdatedLineChange';

type Line = { type: 'new' | 'old' | 'match' | null; old_line: number | null; new_line: number | null };
const unchanged = (old: number, now: number): Line => ({ type: null, old_line: old, new_line: now });
const removed = (old: number): Line => ({ type: 'old', old_line: old, new_line: null });
const added = (now: number): Line => ({ type: 'new', old_line: null, new_line: now });
const hunk: Line = { type: 'match', old_line: null, new_line: null };

describe('outdatedLineChange (spec 001 §7.1 outdated_line_change_path)', () => {
  it('shows the commented line, its replacement and two lines around that', () => {
    const lines = [
      hunk,
      unchanged(5, 5),
      unchanged(6, 6),
      unchanged(7, 7),
      removed(8),
      added(8),
      unchanged(9, 9),
      unchanged(10, 10),
      unchanged(11, 11),
    ];
    expect(outdatedLineChange(lines, 8)).toEqual({
      commented: removed(8),
      lines: [unchanged(7, 7), removed(8), added(8), unchanged(9, 9), unchanged(10, 10)],
    });
  });

  it('follows a block of removed lines to the first added one', () => {
    const lines = [hunk, removed(1), removed(2), removed(3), added(1), added(2)];
    expect(outdatedLineChange(lines, 1)?.lines).toEqual([removed(2), removed(3), added(1), added(2)]);
  });

  it('keeps to the commented line when nothing replaced it (a deletion)', () => {
    const lines = [
      unchanged(1, 1),
      unchanged(2, 2),
      removed(3),
      unchanged(4, 3),
      unchanged(5, 4),
      unchanged(6, 5),
    ];
    expect(outdatedLineChange(lines, 3)?.lines).toEqual([
      unchanged(1, 1),
      unchanged(2, 2),
      removed(3),
      unchanged(4, 3),
      unchanged(5, 4),
    ]);
  });

  it('shows no line from before the hunk header', () => {
    const lines = [unchanged(1, 1), hunk, removed(9), added(9)];
    expect(outdatedLineChange(lines, 9)?.lines).toEqual([removed(9), added(9)]);
  });

  it('is null when the diff does not hold the line, or holds it only on the new side', () => {
    expect(outdatedLineChange([hunk, removed(2), added(2)], 4)).toBeNull();
    expect(outdatedLineChange([hunk, { type: 'new', old_line: 3, new_line: 3 }], 3)).toBeNull();
  });
});
