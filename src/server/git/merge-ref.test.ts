import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { commitFiles, readCommit, type GitPerson } from './commits';
import { mergeRefOf, writeMergeRef } from './merge-ref';
import { branchRef, initBareRepository, readRef, resolveCommit } from './repository';
import { readBlob } from './tree';

const ada: GitPerson = { name: 'Ada', email: 'ada@example.com', date: new Date('2024-05-01T10:00:00Z') };
const date = new Date('2024-06-01T00:00:00Z');

describe('a merge request merge ref', () => {
  const dirs: string[] = [];
  let gitDir: string;
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  const write = (branch: string, file: string, content: string) =>
    commitFiles(gitDir, {
      branch,
      startBranch: 'main',
      message: `Write ${file}`,
      author: ada,
      changes: [{ action: 'create', path: file, content }],
    });
  const head = async (branch: string) => (await resolveCommit(gitDir, branchRef(branch))) ?? '';

  beforeEach(async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'merge-ref-test-'));
    dirs.push(dir);
    gitDir = path.join(dir, 'repo.git');
    await initBareRepository(gitDir, 'main');
    await write('main', 'README.md', '# Shop\n');
    await write('feature', 'feature.txt', 'new\n');
    await write('main', 'main.txt', 'moved on\n');
  });

  it('writes the merge of both heads once, under refs/merge-requests/:iid/merge', async () => {
    const heads = { targetHead: await head('main'), sourceHead: await head('feature') };
    const merge = await writeMergeRef(gitDir, { iid: 7, ...heads, date });
    expect(merge).not.toBeNull();
    expect(await readRef(gitDir, mergeRefOf(7))).toBe(merge);
    expect((await readCommit(gitDir, merge!))?.parentShas).toEqual([heads.targetHead, heads.sourceHead]);
    expect((await readBlob(gitDir, `${merge}:main.txt`))?.toString()).toBe('moved on\n');
    expect((await readBlob(gitDir, `${merge}:feature.txt`))?.toString()).toBe('new\n');
    // A later date does not rewrite it: the same heads keep the same commit.
    expect(await writeMergeRef(gitDir, { iid: 7, ...heads, date: new Date() })).toBe(merge);
  });

  it('moves to a new merge when the target moves', async () => {
    const first = await writeMergeRef(gitDir, {
      iid: 7,
      targetHead: await head('main'),
      sourceHead: await head('feature'),
      date,
    });
    await write('main', 'later.txt', 'later\n');
    const second = await writeMergeRef(gitDir, {
      iid: 7,
      targetHead: await head('main'),
      sourceHead: await head('feature'),
      date,
    });
    expect(second).not.toBe(first);
    expect(await readRef(gitDir, mergeRefOf(7))).toBe(second);
  });

  it('writes nothing when the heads conflict', async () => {
    await write('feature', 'main.txt', 'the other way\n');
    const merge = await writeMergeRef(gitDir, {
      iid: 8,
      targetHead: await head('main'),
      sourceHead: await head('feature'),
      date,
    });
    expect(merge).toBeNull();
    expect(await readRef(gitDir, mergeRefOf(8))).toBeNull();
  });
});
