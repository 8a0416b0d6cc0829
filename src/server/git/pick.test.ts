import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { commitFiles, readCommit, type Commit, type FileChange, type GitPerson } from './commits';
import { prepareMerge } from './merge';
import { cherryPickOnto, revertOnto } from './pick';
import { branchRef, initBareRepository, resolveCommit } from './repository';
import { readBlob } from './tree';

const ada: GitPerson = { name: 'Ada', email: 'ada@example.com', date: new Date('2024-05-01T10:00:00Z') };
const rex: GitPerson = {
  name: 'Rex Reverter',
  email: 'rex@example.com',
  date: new Date('2024-06-01T09:00:00Z'),
};

describe('revert and cherry-pick without a work tree', () => {
  const dirs: string[] = [];
  let gitDir: string;
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  const commit = (branch: string, message: string, ...changes: FileChange[]) =>
    commitFiles(gitDir, { branch, startBranch: 'main', message, author: ada, changes });
  const write = (file: string, content: string, action: 'create' | 'update' = 'create'): FileChange => ({
    action,
    path: file,
    content,
  });
  const head = async (branch: string) => (await resolveCommit(gitDir, branchRef(branch))) ?? '';
  const content = async (sha: string, file: string) =>
    (await readBlob(gitDir, `${sha}:${file}`))?.toString('utf8');
  const load = async (sha: string) => (await readCommit(gitDir, sha)) as Commit;
  const input = async (sha: string, onto: string) => ({
    commit: await load(sha),
    onto,
    message: 'message\n',
    author: rex,
    committer: rex,
  });

  beforeEach(async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pick-test-'));
    dirs.push(dir);
    gitDir = path.join(dir, 'repo.git');
    await initBareRepository(gitDir, 'main');
    await commit('main', 'Start', write('app.txt', 'one\ntwo\nthree\nfour\nfive\n'));
  });

  it('reverts a commit on a branch that moved on since', async () => {
    const change = await commit(
      'main',
      'Change two',
      write('app.txt', 'one\nTWO\nthree\nfour\nfive\n', 'update'),
    );
    await commit('main', 'Change five', write('app.txt', 'one\nTWO\nthree\nfour\nFIVE\n', 'update'));
    const result = await revertOnto(gitDir, await input(change, await head('main')));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(await content(result.value, 'app.txt')).toBe('one\ntwo\nthree\nfour\nFIVE\n');
    expect((await load(result.value)).parentShas).toEqual([await head('main')]);
  });

  it('reverts a merge commit against its first parent', async () => {
    const before = await head('main');
    await commit('feature', 'Add a', write('a.txt', 'a\n'));
    const merged = await prepareMerge(gitDir, {
      method: 'merge',
      targetHead: before,
      sourceHead: await head('feature'),
      message: 'Merge feature',
      squash: null,
      merger: ada,
    });
    if (!merged.ok) throw new Error('merge failed');
    const result = await revertOnto(gitDir, await input(merged.value.newHead, merged.value.newHead));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(await content(result.value, 'a.txt')).toBeUndefined();
  });

  it('refuses a revert that conflicts, and one that changes nothing', async () => {
    const change = await commit(
      'main',
      'Change two',
      write('app.txt', 'one\nTWO\nthree\nfour\nfive\n', 'update'),
    );
    const later = await commit(
      'main',
      'Change two again',
      write('app.txt', 'one\n2\nthree\nfour\nfive\n', 'update'),
    );
    expect(await revertOnto(gitDir, await input(change, later))).toEqual({ ok: false, error: 'conflict' });
    const added = await commit('main', 'Add b', write('b.txt', 'b\n'));
    const removed = await commit('main', 'Remove b', { action: 'delete', path: 'b.txt' });
    expect(await revertOnto(gitDir, await input(added, removed))).toEqual({ ok: false, error: 'empty' });
  });

  it('cherry-picks a commit of another branch, keeping its author', async () => {
    const picked = await commit(
      'feature',
      'Change two',
      write('app.txt', 'one\nTWO\nthree\nfour\nfive\n', 'update'),
    );
    await commit('main', 'Change five', write('app.txt', 'one\ntwo\nthree\nfour\nFIVE\n', 'update'));
    const result = await cherryPickOnto(gitDir, {
      ...(await input(picked, await head('main'))),
      author: ada,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(await content(result.value, 'app.txt')).toBe('one\nTWO\nthree\nfour\nFIVE\n');
    expect((await load(result.value)).author).toMatchObject({ name: 'Ada' });
  });
});
