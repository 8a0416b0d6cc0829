import { describe, expect, it } from 'vitest';
import { isLossyPath, unquoteGitPath } from './gitPath';

describe('unquoteGitPath', () => {
  it.each([
    ['plain name.txt', 'plain name.txt'],
    ['"caf\\303\\251.txt"', 'café.txt'],
    ['"qu\\"ote.txt"', 'qu"ote.txt'],
    ['"new\\nline.txt"', 'new\nline.txt'],
    ['"back\\\\slash\\ttab"', 'back\\slash\ttab'],
    ['"\\346\\227\\245\\346\\234\\254.md"', '日本.md'],
  ])('reads %s', (quoted, expected) => {
    expect(unquoteGitPath(quoted)).toBe(expected);
  });

  it('marks a path whose bytes are not UTF-8 as lossy', () => {
    const path = unquoteGitPath('"latin\\351.txt"');
    expect(isLossyPath(path)).toBe(true);
    expect(isLossyPath('café.txt')).toBe(false);
  });
});
