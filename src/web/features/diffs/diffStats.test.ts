import { describe, expect, it } from 'vitest';
import { diffStats } from './diffStats';

describe('the diff stats bar', () => {
  it.each([
    [[], '0 files', 0, 0, 'Added 0 lines. Removed 0 lines.'],
    [[{ added_lines: 3, removed_lines: 1 }], '1 file', 3, 1, 'Added 3 lines. Removed 1 lines.'],
    [
      [
        { added_lines: 10, removed_lines: 0 },
        { added_lines: 0, removed_lines: 7 },
      ],
      '2 files',
      10,
      7,
      'Added 10 lines. Removed 7 lines.',
    ],
    [
      Array.from({ length: 1200 }, () => ({ added_lines: 1, removed_lines: 2 })),
      '1,200 files',
      1200,
      2400,
      'Added 1200 lines. Removed 2400 lines.',
    ],
  ])('reads %j as %s, +%d -%d', (files, text, added, removed, label) => {
    expect(diffStats(files)).toEqual({ files: text, added, removed, label });
  });
});
