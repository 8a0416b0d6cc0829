import { describe, expect, it } from 'vitest';
import { repositoryPathProblem, revisionProblem } from './repositoryInput';

describe('repository paths', () => {
  it.each([
    ['/etc/passwd', 'must be relative'],
    ['a/../b', 'contains an empty, . or .. segment'],
    ['../../../etc/passwd', 'contains an empty, . or .. segment'],
    ['..', 'contains an empty, . or .. segment'],
    ['a//b', 'contains an empty, . or .. segment'],
    ['./a', 'contains an empty, . or .. segment'],
    ['a/.git/config', 'contains a .git segment'],
    ['.GIT/config', 'contains a .git segment'],
    ['README.md\0', 'contains a NUL byte'],
    ['a'.repeat(4097), 'is too long'],
  ])('refuses %j', (path, problem) => {
    expect(repositoryPathProblem(path)).toBe(problem);
  });

  it.each(['', 'src/app.ts', 'src/', '-x', 'a\\..\\b', '...', '.gitignore', 'a..b', ':/x'])(
    'takes %j',
    (path) => {
      expect(repositoryPathProblem(path)).toBeNull();
    },
  );
});

describe('revisions', () => {
  it.each([
    ['', 'is empty'],
    ['-n', 'starts with -'],
    ['--output=/tmp/x', 'starts with -'],
    ['main\0', 'contains a control character'],
    ['main\n', 'contains a control character'],
    ['a'.repeat(1025), 'is too long'],
  ])('refuses %j', (revision, problem) => {
    expect(revisionProblem(revision)).toBe(problem);
  });

  it.each(['main', 'feature/a-b', 'v1.0', 'a'.repeat(40), 'main~2', 'HEAD', 'release-'])(
    'takes %j',
    (revision) => {
      expect(revisionProblem(revision)).toBeNull();
    },
  );
});
