import { describe, expect, it } from 'vitest';
import { encodePath, findReadme, groupByDay, pathCrumbs, refPage, splitRefAndPath } from './repositoryPaths';

describe('repository page paths', () => {
  it('splits a ref with slashes from the path after it', () => {
    const branches = ['feature', 'feature-x', 'release/1.0'];
    expect(splitRefAndPath('release/1.0/src/app.ts', branches)).toEqual({
      ref: 'release/1.0',
      path: 'src/app.ts',
    });
    expect(splitRefAndPath('feature-x', branches)).toEqual({ ref: 'feature-x', path: '' });
    expect(splitRefAndPath('v1.2/docs', branches)).toEqual({ ref: 'v1.2', path: 'docs' });
    expect(splitRefAndPath('0123abcd', [])).toEqual({ ref: '0123abcd', path: '' });
  });

  it('escapes each segment but keeps the slashes', () => {
    expect(encodePath('a b/#c')).toBe('a%20b/%23c');
    expect(refPage('blob', 'feature/x', 'src/a b.ts')).toBe('blob/feature/x/src/a%20b.ts');
    expect(refPage('tree', 'main')).toBe('tree/main');
  });

  it('lists breadcrumbs for every folder of a path', () => {
    expect(pathCrumbs('a/b/c')).toEqual([
      { name: 'a', path: 'a' },
      { name: 'b', path: 'a/b' },
      { name: 'c', path: 'a/b/c' },
    ]);
    expect(pathCrumbs('')).toEqual([]);
  });

  it('groups commits by day in order', () => {
    const commits = [
      { id: '3', committed_date: '2024-05-03T18:00:00Z' },
      { id: '2', committed_date: '2024-05-03T09:00:00Z' },
      { id: '1', committed_date: '2024-05-01T09:00:00Z' },
    ];
    const groups = groupByDay(commits, (date) => date.toISOString().slice(0, 10));
    expect(groups.map((g) => [g.day, g.commits.map((c) => c.id)])).toEqual([
      ['2024-05-03', ['3', '2']],
      ['2024-05-01', ['1']],
    ]);
  });

  it('prefers README.md over other README files', () => {
    const entries = [
      { name: 'README.txt', type: 'blob' },
      { name: 'readme.md', type: 'blob' },
      { name: 'README', type: 'tree' },
    ];
    expect(findReadme(entries)?.name).toBe('readme.md');
    expect(findReadme([{ name: 'main.c', type: 'blob' }])).toBeUndefined();
  });
});
