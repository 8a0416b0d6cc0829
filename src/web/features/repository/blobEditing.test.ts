import { describe, expect, it } from 'vitest';
import { afterCommitUrl, defaultCommitMessage, mergeRequestIidParam, newFilePath } from './blobEditing';

describe('the single-file editor’s rules', () => {
  it.each([
    ['edit', 'src/app.ts', 'Update app.ts'],
    ['edit', 'README.md', 'Update README.md'],
    ['new', '.gitlab-ci.yml', 'Add .gitlab-ci.yml'],
    ['new', 'docs/', 'Add new file'],
    ['new', '', 'Add new file'],
  ] as const)('%s %s -> "%s"', (mode, path, message) => {
    expect(defaultCommitMessage(mode, path)).toBe(message);
  });

  it.each([
    ['', '.gitlab-ci.yml', '.gitlab-ci.yml'],
    ['docs', 'guide.md', 'docs/guide.md'],
    ['/docs/', 'guide.md', 'docs/guide.md'],
  ])('joins folder %j and file %j', (folder, name, path) => {
    expect(newFilePath(folder, name)).toBe(path);
  });

  const base = { fullPath: 'group/app', branch: 'feature/x', path: 'src/a b.ts' };
  it.each([
    [
      { ...base, committedBranch: 'feature/x', fromMergeRequestIid: 4 },
      '/group/app/-/merge_requests/4/diffs',
    ],
    [
      { ...base, committedBranch: 'feature/x', fromMergeRequestIid: null },
      '/group/app/-/blob/feature/x/src/a%20b.ts',
    ],
    [
      { ...base, committedBranch: 'patch-1', fromMergeRequestIid: 4 },
      '/group/app/-/blob/patch-1/src/a%20b.ts',
    ],
  ])('after a commit goes to %j -> %s', (input, url) => {
    expect(afterCommitUrl(input)).toBe(url);
  });

  it.each([
    ['12', 12],
    [null, null],
    ['', null],
    ['0', null],
    ['1x', null],
  ])('reads from_merge_request_iid %j as %j', (value, iid) => {
    expect(mergeRequestIidParam(value)).toBe(iid);
  });
});
