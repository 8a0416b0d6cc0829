import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BranchMovedError, commitFiles, readCommit, type CommitFilesInput } from './commits';
import { branchRef, initBareRepository, resolveCommit } from './repository';
import { listTree, readBlob, readPathEntry } from './tree';

let dir: string;
let gitDir: string;
const date = new Date('2024-03-01T10:00:00Z');
const ada = { name: 'Ada Lovelace', email: 'ada@example.com', date };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'commits-'));
  gitDir = path.join(dir, 'repo.git');
  await initBareRepository(gitDir, 'main');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const commit = (input: Partial<CommitFilesInput> & Pick<CommitFilesInput, 'changes'>) =>
  commitFiles(gitDir, { branch: 'main', message: 'Change files\n', author: ada, ...input });

async function contentAt(sha: string, filePath: string) {
  const entry = await readPathEntry(gitDir, sha, filePath);
  return entry ? { mode: entry.mode, content: (await readBlob(gitDir, entry.id))?.toString('utf8') } : null;
}

describe('committing files without a work tree', () => {
  it('writes the first commit of an empty repository and moves the branch to it', async () => {
    const sha = await commit({ changes: [{ action: 'create', path: 'README.md', content: '# Shop\n' }] });
    expect(await resolveCommit(gitDir, branchRef('main'))).toBe(sha);
    const written = await readCommit(gitDir, sha);
    expect(written).toMatchObject({ parentShas: [], message: 'Change files', author: ada, committer: ada });
    expect(await contentAt(sha, 'README.md')).toEqual({ mode: '100644', content: '# Shop\n' });
  });

  it('keeps paths byte for byte: spaces, quotes, backslashes, tabs, newlines and non-ASCII', async () => {
    const names = ['docs/a b.md', 'we"ird\\name', 'tab\there', 'new\nline', 'café/日本.md'];
    const sha = await commit({
      changes: names.map((name) => ({ action: 'create' as const, path: name, content: `${name}!` })),
    });
    for (const name of names) expect(await contentAt(sha, name)).toMatchObject({ content: `${name}!` });
  });

  it('writes binary content unchanged, the executable bit, and removes deleted files', async () => {
    const bytes = Buffer.from([0, 1, 2, 0xff, 0x0a]);
    const sha = await commit({
      changes: [
        { action: 'create', path: 'bin/data', content: bytes },
        { action: 'create', path: 'run.sh', content: '#!/bin/sh\n', executable: true },
        { action: 'delete', path: 'README.md' },
      ],
    });
    const blob = await readPathEntry(gitDir, sha, 'bin/data');
    expect(await readBlob(gitDir, blob!.id)).toEqual(bytes);
    expect(await contentAt(sha, 'run.sh')).toMatchObject({ mode: '100755' });
    expect(await contentAt(sha, 'README.md')).toBeNull();
    expect((await listTree(gitDir, sha, ''))?.map((entry) => entry.name)).toContain('docs');
  });

  it('cleans names and emails as git does: no angle brackets or newlines, no punctuation at the ends', async () => {
    const sha = await commit({
      author: { name: ' Ada. ', email: '<ada@example.com>', date },
      committer: { name: 'Bob <x>\n"Builder"', email: 'bob@example.com', date },
      changes: [{ action: 'create', path: 'who.txt', content: 'who\n' }],
    });
    const written = await readCommit(gitDir, sha);
    expect(written?.author).toMatchObject({ name: 'Ada', email: 'ada@example.com' });
    expect(written?.committer).toMatchObject({ name: 'Bob x"Builder', email: 'bob@example.com' });
  });

  it('starts a new branch from another and leaves that one where it was', async () => {
    const main = await resolveCommit(gitDir, branchRef('main'));
    const sha = await commit({
      branch: 'feature',
      startBranch: 'main',
      changes: [{ action: 'create', path: 'cart.ts', content: 'export {};\n' }],
    });
    expect((await readCommit(gitDir, sha))?.parentShas).toEqual([main]);
    expect(await resolveCommit(gitDir, branchRef('main'))).toBe(main);
  });

  it.each(['.git/config', 'src/.GIT/hooks/x', 'a/../b', './x', '/abs', 'a//b', 'folder/', ''])(
    'refuses to write %j, and the branch stays',
    async (badPath) => {
      const before = await resolveCommit(gitDir, branchRef('main'));
      await expect(commit({ changes: [{ action: 'create', path: badPath, content: 'x' }] })).rejects.toThrow(
        /not a file path to commit/,
      );
      expect(await resolveCommit(gitDir, branchRef('main'))).toBe(before);
    },
  );

  it('refuses when the branch moved past the head the changes were made on, keeping what landed', async () => {
    const stale = await resolveCommit(gitDir, branchRef('main'));
    const landed = await commit({ changes: [{ action: 'create', path: 'first.txt', content: '1\n' }] });
    await expect(
      commit({ expectedHead: stale!, changes: [{ action: 'create', path: 'second.txt', content: '2\n' }] }),
    ).rejects.toBeInstanceOf(BranchMovedError);
    expect(await resolveCommit(gitDir, branchRef('main'))).toBe(landed);
  });
});
