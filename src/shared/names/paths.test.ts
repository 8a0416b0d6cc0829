import { describe, expect, it } from 'vitest';
import { pathFromName, pathProblem } from './paths';

describe('pathProblem', () => {
  it.each([
    ['my-project', null],
    ['a', null],
    ['under_score.dot-dash', null],
    ['', 'empty'],
    ['-leading', 'invalid'],
    ['trailing-', 'invalid'],
    ['has/slash', 'invalid'],
    ['dot..dot', 'invalid'],
    ['..', 'invalid'],
    ['repo.git', 'invalid'],
    ['feed.atom', 'invalid'],
    ['space here', 'invalid'],
    ['x'.repeat(256), 'too_long'],
  ] as const)('%s -> %s', (path, expected) => {
    expect(pathProblem(path, { topLevel: false })).toBe(expected);
  });

  it('reserves top-level names the routes use, but allows them below a namespace', () => {
    expect(pathProblem('admin', { topLevel: true })).toBe('reserved');
    expect(pathProblem('admin', { topLevel: false })).toBeNull();
  });
});

describe('pathFromName', () => {
  it.each([
    ['My Project', 'my-project'],
    ['  Spaces  ', 'spaces'],
    ['Ünïcode name!', 'n-code-name'],
    ['-dash-', 'dash'],
  ])('%s -> %s', (name, path) => {
    expect(pathFromName(name)).toBe(path);
  });
});
