import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { commitFiles, listCommits, type FileChange, type GitPerson } from './commits';
import { rebaseOnto } from './rebase';
import { branchRef, initBareRepository, resolveCommit } from './repository';
import { readBlob } from './tree';

const ada: GitPerson = { name: 'Ada', email: 'ada@example.com', date: new Date('2024-05-01T10:00:00Z') };
const rita: GitPerson = {
  name: 'Rita Rebaser',
  email: 'rita@example.com',
  date: new Date('2024-06-01T09:00:00Z'),
};

describe('rebaseOnto', () => {
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
  const content = async (commitSha: string, file: string) =>
    (await readBlob(gitDir, `${commitSha}:${file}`))?.toString('utf8');
  const rebase = async () =>
    rebaseOnto(gitDir, { onto: await head('main'), head: await head('feature'), committer: rita });

  beforeEach(async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rebase-test-'));
    dirs.push(dir);
    gitDir = path.join(dir, 'repo.git');
    await initBareRepository(gitDir, 'main');
    await commit(
      'main',
      'Start',
      write('README.md', '# Shop\n'),
      write('app.txt', 'one\ntwo\nthree\nfour\nfive\n'),
    );
    await commit('feature', 'Add a', write('a.txt', 'a\n'));
    await commit('feature', 'Change two', write('app.txt', 'one\nTWO\nthree\nfour\nfive\n', 'update'));
  });

  it('replays the branch onto the new target head, keeping authors, messages and order', async () => {
    await commit('main', 'Change five on main', write('app.txt', 'one\ntwo\nthree\nfour\nFIVE\n', 'update'));
    const result = await rebase();
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const commits = await listCommits(gitDir, { revision: result.value.newHead, limit: 3 });
    expect(commits.map((c) => c.title)).toEqual(['Change two', 'Add a', 'Change five on main']);
    expect(commits[0]?.author).toMatchObject({ name: 'Ada', email: 'ada@example.com' });
    expect(commits[0]?.committer).toMatchObject({ name: 'Rita Rebaser', email: 'rita@example.com' });
    expect(commits[2]?.sha).toBe(await head('main'));
    expect(await content(result.value.newHead, 'app.txt')).toBe('one\nTWO\nthree\nfour\nFIVE\n');
    expect(await content(result.value.newHead, 'a.txt')).toBe('a\n');
  });

  it('leaves a branch that already contains the target head as it is', async () => {
    const before = await head('feature');
    expect(await rebase()).toEqual({ ok: true, value: { newHead: before } });
  });

  it('refuses a conflicting rebase and writes no ref', async () => {
    await commit('main', 'Change two on main', write('app.txt', 'one\n2\nthree\nfour\nfive\n', 'update'));
    const before = await head('feature');
    expect(await rebase()).toEqual({ ok: false, error: 'conflict' });
    expect(await head('feature')).toBe(before);
  });

  it('skips commits whose change the target already has, as git rebase does', async () => {
    await commit('main', 'Add a on main too', write('a.txt', 'a\n'));
    const result = await rebase();
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const commits = await listCommits(gitDir, { revision: result.value.newHead, limit: 2 });
    expect(commits.map((c) => c.title)).toEqual(['Change two', 'Add a on main too']);
  });
});
