import { describe, expect, it } from 'vitest';
import { encodePath, newBlobPage } from './blobPages';

describe('blob page paths', () => {
  it.each([
    ['src/app.ts', 'src/app.ts'],
    ['a b/c#d.ts', 'a%20b/c%23d.ts'],
    ['feature/x', 'feature/x'],
  ])('encodes %s as %s', (path, expected) => {
    expect(encodePath(path)).toBe(expected);
  });

  it('starts a new file on a branch with its name in the query', () => {
    expect(newBlobPage('group/app', 'feature/ci', '.gitlab-ci.yml')).toBe(
      '/group/app/-/new/feature/ci?file_name=.gitlab-ci.yml',
    );
  });
});
