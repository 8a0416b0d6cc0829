import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFiles, type GitPerson } from './commits';
import { commitWithFastImport } from '../../../test/support/git-plumbing';
import { countChangedFiles, diffCommits, streamFilePatches, type FileDiff } from './diff';
import { mergeTree } from './merge';
import { initBareRepository } from './repository';

const author: GitPerson = { name: 'Ada', email: 'ada@example.com', date: new Date('2024-01-02T03:04:05Z') };

describe('git diff and merge-tree runners', () => {
  let dir: string;
  let gitDir: string;
  let base: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'diff-test-'));
    gitDir = path.join(dir, 'repo.git');
    await initBareRepository(gitDir, 'main');
    base = await commitFiles(gitDir, {
      branch: 'main',
      message: 'Initial',
      author,
      changes: [
        { action: 'create', path: 'README.md', content: 'hello\nworld\n' },
        { action: 'create', path: 'old name.txt', content: 'a\nb\nc\nd\ne\nf\n' },
        { action: 'create', path: 'gone.txt', content: 'bye\n' },
        { action: 'create', path: 'run.sh', content: 'echo hi\n' },
      ],
    });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('lists added, modified, deleted, renamed and mode-changed files with their hunks', async () => {
    const head = await commitFiles(gitDir, {
      branch: 'feature',
      startBranch: 'main',
      message: 'Change everything',
      author,
      changes: [
        { action: 'update', path: 'README.md', content: 'hello\nthere\n' },
        { action: 'create', path: 'new name.txt', content: 'a\nb\nc\nd\ne\nf\ng\n' },
        { action: 'create', path: 'src/*.ts', content: 'export {};\n' },
        { action: 'update', path: 'run.sh', content: 'echo hi\n', executable: true },
        { action: 'delete', path: 'old name.txt' },
        { action: 'delete', path: 'gone.txt' },
      ],
    });
    const { files, overflow } = await diffCommits(gitDir, base, head);
    expect(overflow).toBe(false);
    const kind = (f: FileDiff) =>
      f.newFile ? 'new' : f.deletedFile ? 'deleted' : f.renamedFile ? 'renamed' : 'modified';
    expect(files.map((f) => [kind(f), f.oldPath, f.newPath, f.aMode, f.bMode])).toEqual([
      ['modified', 'README.md', 'README.md', '100644', '100644'],
      ['deleted', 'gone.txt', 'gone.txt', '100644', '000000'],
      ['renamed', 'old name.txt', 'new name.txt', '100644', '100644'],
      ['modified', 'run.sh', 'run.sh', '100644', '100755'],
      ['new', 'src/*.ts', 'src/*.ts', '000000', '100644'],
    ]);
    expect(files[0]?.diff).toBe('@@ -1,2 +1,2 @@\n hello\n-world\n+there\n');
    expect(files[1]?.diff).toBe('@@ -1 +0,0 @@\n-bye\n');
    expect(files[2]?.diff).toContain('+g\n');
    expect(files[3]?.diff).toBe('');
    expect(files[4]?.diff).toBe('@@ -0,0 +1 @@\n+export {};\n');
    expect(await countChangedFiles(gitDir, base, head)).toBe(5);
  });

  it('stops at the file limit and says the diff overflowed', async () => {
    const head = await commitFiles(gitDir, {
      branch: 'many',
      startBranch: 'main',
      message: 'Many files',
      author,
      changes: ['a', 'b', 'c'].map((name) => ({
        action: 'create' as const,
        path: `${name}.txt`,
        content: `${name}\n`,
      })),
    });
    const { files, overflow } = await diffCommits(gitDir, base, head, { maxFiles: 2 });
    expect(overflow).toBe(true);
    expect(files.map((f) => [f.newPath, f.diff])).toEqual([
      ['a.txt', '@@ -0,0 +1 @@\n+a\n'],
      ['b.txt', '@@ -0,0 +1 @@\n+b\n'],
    ]);
  });

  it('answers an empty list for identical commits', async () => {
    expect(await diffCommits(gitDir, base, base)).toEqual({ files: [], overflow: false });
  });

  it('merges clean changes into a tree and reports conflicting ones', async () => {
    const ours = await commitFiles(gitDir, {
      branch: 'ours',
      startBranch: 'main',
      message: 'Ours',
      author,
      changes: [{ action: 'update', path: 'README.md', content: 'hello\nours\n' }],
    });
    const theirs = await commitFiles(gitDir, {
      branch: 'theirs',
      startBranch: 'main',
      message: 'Theirs',
      author,
      changes: [{ action: 'update', path: 'README.md', content: 'hello\ntheirs\n' }],
    });
    const other = await commitFiles(gitDir, {
      branch: 'other',
      startBranch: 'main',
      message: 'Other file',
      author,
      changes: [{ action: 'create', path: 'other.txt', content: 'x\n' }],
    });
    expect(await mergeTree(gitDir, ours, theirs)).toEqual({ clean: false });
    expect(await mergeTree(gitDir, ours, other)).toEqual({
      clean: true,
      tree: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
  });
});

describe('a path whose type changed', () => {
  it('is one patch with the old side removed and the new side added, as git lists it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'diff-type-'));
    try {
      const gitDir = path.join(dir, 'repo.git');
      await initBareRepository(gitDir, 'main');
      const base = await commitWithFastImport(gitDir, 'main', 'A link', [
        { kind: 'symlink', path: 'config', target: 'config.example' },
        { kind: 'file', quotedPath: 'README.md', content: 'hello\n' },
      ]);
      const head = await commitWithFastImport(gitDir, 'main', 'A file', [
        { kind: 'file', quotedPath: 'config', content: 'port = 3000\nhost = localhost\n' },
      ]);
      const patches = [];
      for await (const patch of streamFilePatches(gitDir, base, head)) patches.push(patch);
      expect(patches).toHaveLength(1);
      expect(patches[0]).toMatchObject({
        oldPath: 'config',
        newPath: 'config',
        aMode: '120000',
        bMode: '100644',
        newFile: false,
        deletedFile: false,
        modeChanged: true,
        addedLines: 2,
        removedLines: 1,
      });
      expect(patches[0]?.lines.map((line) => [line.type, line.text])).toEqual([
        ['old', '-config.example'],
        ['old-nonewline', '\\ No newline at end of file'],
        ['new', '+port = 3000'],
        ['new', '+host = localhost'],
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
