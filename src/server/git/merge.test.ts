import { mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { commitFiles, readCommit, type GitPerson } from './commits';
import { mergeTree, prepareMerge, type MergePlan } from './merge';
import { branchRef, initBareRepository, isAncestor, resolveCommit } from './repository';
import { gitText } from './run-git';
import { readBlob } from './tree';

const ada: GitPerson = { name: 'Ada', email: 'ada@example.com', date: new Date('2024-05-01T10:00:00Z') };
const bob: GitPerson = { name: 'Bob', email: 'bob@example.com', date: new Date('2024-05-02T10:00:00Z') };
const merger: GitPerson = {
  name: 'Maya Merger',
  email: 'maya@example.com',
  date: new Date('2024-05-03T12:00:00Z'),
};

describe('prepareMerge', () => {
  const dirs: string[] = [];
  let gitDir: string;
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  const commit = (branch: string, file: string, content: string, message = `Write ${file}`) =>
    commitFiles(gitDir, {
      branch,
      startBranch: 'main',
      message,
      author: ada,
      changes: [{ action: 'create', path: file, content }],
    });
  const head = async (branch: string) => (await resolveCommit(gitDir, branchRef(branch))) ?? '';
  const content = async (commit: string, file: string) =>
    (await readBlob(gitDir, `${commit}:${file}`))?.toString('utf8');
  // merge-tree leaves unreachable blobs and trees behind; commits are what a refusal must not write.
  const commitObjects = async () =>
    (await gitText(gitDir, ['cat-file', '--batch-all-objects', '--batch-check=%(objecttype)']))
      .split('\n')
      .filter((type) => type === 'commit').length;
  const treeOf = (commit: string) => gitText(gitDir, ['rev-parse', `${commit}^{tree}`]);
  const plan = async (overrides: Partial<MergePlan> = {}): Promise<MergePlan> => ({
    method: 'merge',
    targetHead: await head('main'),
    sourceHead: await head('feature'),
    message: "Merge branch 'feature' into 'main'",
    squash: null,
    merger,
    ...overrides,
  });

  beforeEach(async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'merge-test-'));
    dirs.push(dir);
    gitDir = path.join(dir, 'repo.git');
    await initBareRepository(gitDir, 'main');
    await commit('main', 'README.md', '# Shop\n');
    await commit('feature', 'a.txt', 'a\n', 'Add a');
    await commit('feature', 'b.txt', 'b\n', 'Add b');
  });

  it('writes a merge commit of target and source, by the merger, moving no branch', async () => {
    await commit('main', 'main.txt', 'moved on\n');
    const before = { main: await head('main'), feature: await head('feature') };
    const result = await prepareMerge(gitDir, await plan());
    if (!result.ok) throw new Error(result.error);
    const merge = await readCommit(gitDir, result.value.newHead);
    expect(merge).toMatchObject({
      parentShas: [before.main, before.feature],
      message: "Merge branch 'feature' into 'main'",
      author: { name: 'Maya Merger', email: 'maya@example.com' },
      committer: { name: 'Maya Merger', email: 'maya@example.com' },
    });
    expect(result.value).toEqual({ newHead: merge?.sha, mergeCommitSha: merge?.sha, squashCommitSha: null });
    expect(await content(result.value.newHead, 'main.txt')).toBe('moved on\n');
    expect(await content(result.value.newHead, 'b.txt')).toBe('b\n');
    expect({ main: await head('main'), feature: await head('feature') }).toEqual(before);
  });

  it('squashes onto the merge base, then merges the squash commit', async () => {
    await commit('main', 'main.txt', 'moved on\n');
    const base = (await readCommit(gitDir, `${await head('feature')}~2`))?.sha;
    const squash = { message: 'Add a and b', author: bob };
    const result = await prepareMerge(gitDir, await plan({ squash }));
    if (!result.ok) throw new Error(result.error);
    const squashCommit = await readCommit(gitDir, result.value.squashCommitSha ?? '');
    expect(squashCommit).toMatchObject({
      parentShas: [base],
      message: 'Add a and b',
      author: { name: 'Bob' },
      committer: { name: 'Maya Merger' },
    });
    expect(await treeOf(squashCommit?.sha ?? '')).toBe(await treeOf(await head('feature')));
    const merge = await readCommit(gitDir, result.value.newHead);
    expect(merge?.parentShas).toEqual([await head('main'), squashCommit?.sha]);
    expect(result.value.mergeCommitSha).toBe(merge?.sha);
    expect(await content(result.value.newHead, 'main.txt')).toBe('moved on\n');
    expect(await content(result.value.newHead, 'a.txt')).toBe('a\n');
  });

  it('refuses conflicting branches without writing a commit', async () => {
    await commit('main', 'a.txt', 'other a\n');
    const before = await commitObjects();
    expect(await prepareMerge(gitDir, await plan())).toEqual({ ok: false, error: 'conflict' });
    expect(await prepareMerge(gitDir, await plan({ squash: { message: 's', author: bob } }))).toEqual({
      ok: false,
      error: 'conflict',
    });
    expect(await commitObjects()).toBe(before);
  });

  it('refuses branches without shared history as a conflict', async () => {
    const orphan = await commitFiles(gitDir, {
      branch: 'orphan',
      message: 'Elsewhere',
      author: ada,
      changes: [{ action: 'create', path: 'x.txt', content: 'x\n' }],
    });
    expect(await prepareMerge(gitDir, await plan({ sourceHead: orphan }))).toEqual({
      ok: false,
      error: 'conflict',
    });
  });

  it('remembers a merged tree: the same two commits merge again without running git', async () => {
    const [target, source] = [await head('main'), await head('feature')];
    const first = await mergeTree(gitDir, target, source);
    await rename(gitDir, `${gitDir}.away`);
    try {
      expect(await mergeTree(gitDir, target, source)).toEqual(first);
      await expect(mergeTree(gitDir, source, target)).rejects.toThrow();
    } finally {
      await rename(`${gitDir}.away`, gitDir);
    }
    // A failure is not remembered: with the repository back, the same pair merges.
    expect(await mergeTree(gitDir, source, target)).toEqual({ clean: true, tree: expect.any(String) });
  });

  describe('semi-linear', () => {
    it('refuses a source branch that does not contain the target head', async () => {
      await commit('main', 'main.txt', 'moved on\n');
      expect(await prepareMerge(gitDir, await plan({ method: 'rebase_merge' }))).toEqual({
        ok: false,
        error: 'needs_rebase',
      });
    });

    it('writes a merge commit when the source is up to date', async () => {
      const result = await prepareMerge(gitDir, await plan({ method: 'rebase_merge' }));
      if (!result.ok) throw new Error(result.error);
      expect((await readCommit(gitDir, result.value.newHead))?.parentShas).toEqual([
        await head('main'),
        await head('feature'),
      ]);
      expect(result.value.squashCommitSha).toBeNull();
    });

    it('squashes onto the target head, then merges', async () => {
      const result = await prepareMerge(
        gitDir,
        await plan({ method: 'rebase_merge', squash: { message: 'Add a and b', author: bob } }),
      );
      if (!result.ok) throw new Error(result.error);
      const squashCommit = await readCommit(gitDir, result.value.squashCommitSha ?? '');
      expect(squashCommit?.parentShas).toEqual([await head('main')]);
      expect((await readCommit(gitDir, result.value.newHead))?.parentShas).toEqual([
        await head('main'),
        squashCommit?.sha,
      ]);
    });
  });

  describe('fast-forward', () => {
    it('moves the target to the source head without writing anything', async () => {
      const result = await prepareMerge(gitDir, await plan({ method: 'ff' }));
      expect(result).toEqual({
        ok: true,
        value: { newHead: await head('feature'), mergeCommitSha: null, squashCommitSha: null },
      });
    });

    it('squashes into one commit on the target head', async () => {
      const result = await prepareMerge(
        gitDir,
        await plan({ method: 'ff', squash: { message: 'Add a and b', author: bob } }),
      );
      if (!result.ok) throw new Error(result.error);
      expect(result.value).toMatchObject({ mergeCommitSha: null, newHead: result.value.squashCommitSha });
      const squashCommit = await readCommit(gitDir, result.value.newHead);
      expect(squashCommit).toMatchObject({ parentShas: [await head('main')], message: 'Add a and b' });
      expect(await treeOf(result.value.newHead)).toBe(await treeOf(await head('feature')));
      expect(await isAncestor(gitDir, await head('main'), result.value.newHead)).toBe(true);
    });

    it('refuses when the target moved on', async () => {
      await commit('main', 'main.txt', 'moved on\n');
      expect(await prepareMerge(gitDir, await plan({ method: 'ff' }))).toEqual({
        ok: false,
        error: 'needs_rebase',
      });
    });
  });
});
