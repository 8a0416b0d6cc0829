import { describe, expect, it } from 'vitest';
import { codeOwnersFilePath } from './codeOwnersFilePath';

describe('codeOwnersFilePath: the one file GitLab reads', () => {
  it.each<[string, string[], string | null]>([
    ['the root file first', ['.gitlab/CODEOWNERS', 'docs/CODEOWNERS', 'CODEOWNERS'], 'CODEOWNERS'],
    ['docs/ before .gitlab/', ['.gitlab/CODEOWNERS', 'docs/CODEOWNERS'], 'docs/CODEOWNERS'],
    ['.gitlab/ last', ['README.md', '.gitlab/CODEOWNERS'], '.gitlab/CODEOWNERS'],
    ['names are case-sensitive', ['codeowners', 'Docs/CODEOWNERS'], null],
    ['GitHub’s location is not read', ['.github/CODEOWNERS'], null],
    ['a file deeper down is not read', ['src/CODEOWNERS'], null],
    ['no file', [], null],
  ])('%s', (_rule, paths, expected) => {
    expect(codeOwnersFilePath(paths)).toBe(expected);
  });
});
