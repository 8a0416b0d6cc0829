import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFiles, countCommits, listCommits, readCommits } from './commits';
import { initBareRepository } from './repository';
import { isBinary, listTree, readBlob, readPathEntries, readPathEntry } from './tree';

const author = { name: 'Ada', email: 'ada@example.com', date: new Date('2024-05-01T10:00:00Z') };

describe('reading trees, blobs and diffs', () => {
  let dir: string;
  let gitDir: string;
  let first: string;
  let second: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tree-test-'));
    gitDir = path.join(dir, 'repo.git');
    await initBareRepository(gitDir, 'main');
    first = await commitFiles(gitDir, {
      branch: 'main',
      message: 'Add files',
      author,
      changes: [
        { action: 'create', path: 'README.md', content: '# Hello\n' },
        { action: 'create', path: 'src/app.ts', content: 'export const a = 1;\n' },
        { action: 'create', path: 'src/lib/[id] *.ts', content: 'odd name\n' },
        { action: 'create', path: 'bin/tool', content: Buffer.from([0, 1, 2]), executable: true },
      ],
    });
    second = await commitFiles(gitDir, {
      branch: 'main',
      message: 'Change app\n\nWith a body.',
      author: { ...author, date: new Date('2024-05-03T10:00:00Z') },
      changes: [
        { action: 'update', path: 'src/app.ts', content: 'export const a = 2;\n' },
        { action: 'delete', path: 'README.md' },
      ],
    });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('lists a folder with folders first and full paths', async () => {
    expect(await listTree(gitDir, first, '')).toEqual([
      { id: expect.any(String), name: 'bin', type: 'tree', path: 'bin', mode: '040000' },
      { id: expect.any(String), name: 'src', type: 'tree', path: 'src', mode: '040000' },
      { id: expect.any(String), name: 'README.md', type: 'blob', path: 'README.md', mode: '100644' },
    ]);
    expect((await listTree(gitDir, first, 'src/'))?.map((e) => e.path)).toEqual(['src/lib', 'src/app.ts']);
  });

  it('lists recursively, and answers null for a file or a missing folder', async () => {
    expect((await listTree(gitDir, first, 'src', { recursive: true }))?.map((e) => e.path)).toEqual([
      'src/app.ts',
      'src/lib',
      'src/lib/[id] *.ts',
    ]);
    expect(await listTree(gitDir, first, 'README.md')).toBeNull();
    expect(await listTree(gitDir, first, 'nope')).toBeNull();
  });

  it('reads a path literally, with its mode and size, even when its name looks like a glob', async () => {
    expect(await readPathEntry(gitDir, first, 'src/lib/[id] *.ts')).toEqual({
      id: expect.any(String),
      type: 'blob',
      mode: '100644',
      size: 9,
    });
    expect(await readPathEntry(gitDir, first, 'src/lib/? *.ts')).toBeNull();
    const tool = await readPathEntry(gitDir, first, 'bin/tool');
    expect(tool?.mode).toBe('100755');
    const content = await readBlob(gitDir, tool?.id ?? '');
    expect(content && isBinary(content)).toBe(true);
    expect(await readPathEntry(gitDir, second, 'README.md')).toBeNull();
  });

  it('reads several exact paths in one go, leaving out the missing ones and bad revisions', async () => {
    const entries = await readPathEntries(gitDir, 'refs/heads/main', [
      'src/app.ts',
      'nope',
      'src/lib/[id] *.ts',
      'bin',
    ]);
    // A folder is listed when asked for itself (`ls-tree` leaves out one it descended into).
    expect(entries.map((entry) => [entry.path, entry.type, entry.size])).toEqual([
      ['bin', 'tree', null],
      ['src/app.ts', 'blob', 20],
      ['src/lib/[id] *.ts', 'blob', 9],
    ]);
    expect(await readPathEntries(gitDir, 'refs/heads/missing', ['src/app.ts'])).toEqual([]);
    expect(await readPathEntries(gitDir, '--output=/tmp/x', ['src/app.ts'])).toEqual([]);
  });

  it('lists and counts commits by path and date, and reads several at once', async () => {
    expect((await listCommits(gitDir, { revision: 'main', path: 'src/app.ts' })).map((c) => c.sha)).toEqual([
      second,
      first,
    ]);
    expect(await countCommits(gitDir, 'main', { since: new Date('2024-05-02T00:00:00Z') })).toBe(1);
    expect(await countCommits(gitDir, 'main', { path: 'bin' })).toBe(1);
    const commits = await readCommits(gitDir, [second, first, second]);
    expect(commits.get(second)?.title).toBe('Change app');
    expect(commits.get(second)?.message).toBe('Change app\n\nWith a body.');
    expect(commits.size).toBe(2);
  });
});
