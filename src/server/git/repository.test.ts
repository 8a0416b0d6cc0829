import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFiles } from './commits';
import {
  ZERO_SHA,
  branchHeads,
  branchRef,
  initBareRepository,
  resolveCommit,
  updateRefs,
} from './repository';

describe('branchHeads', () => {
  let dir: string;
  let gitDir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'repository-test-'));
    gitDir = path.join(dir, 'repo.git');
    await initBareRepository(gitDir, 'main');
    const author = { name: 'Ada', email: 'ada@example.com', date: new Date('2024-05-01T10:00:00Z') };
    const write = (branch: string, file: string) =>
      commitFiles(gitDir, {
        branch,
        startBranch: 'main',
        message: `Write ${file}`,
        author,
        changes: [{ action: 'create', path: file, content: `${file}\n` }],
      });
    await write('main', 'README.md');
    await write('feature/one', 'a.txt');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads each branch head in the order asked, null for a branch that does not exist', async () => {
    const main = await resolveCommit(gitDir, branchRef('main'));
    const feature = await resolveCommit(gitDir, branchRef('feature/one'));
    expect(main).not.toBe(feature);
    expect(await branchHeads(gitDir, ['feature/one', 'gone', 'main'])).toEqual([feature, null, main]);
  });

  it('answers null for every branch of a repository that does not exist', async () => {
    expect(await branchHeads(path.join(dir, 'missing.git'), ['main'])).toEqual([null]);
  });
});

describe('updateRefs', () => {
  let dir: string;
  let gitDir: string;
  let first: string;
  let second: string;
  const heads = () => branchHeads(gitDir, ['main', 'feature']);
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'repository-test-'));
    gitDir = path.join(dir, 'repo.git');
    await initBareRepository(gitDir, 'main');
    const author = { name: 'Ada', email: 'ada@example.com', date: new Date('2024-05-01T10:00:00Z') };
    const write = async (file: string) => {
      await commitFiles(gitDir, {
        branch: 'main',
        message: `Write ${file}`,
        author,
        changes: [{ action: 'create', path: file, content: `${file}\n` }],
      });
      return (await resolveCommit(gitDir, branchRef('main'))) ?? '';
    };
    first = await write('a.txt');
    second = await write('b.txt');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('moves, checks and deletes refs together when each is where it was expected', async () => {
    expect(await updateRefs(gitDir, [{ ref: branchRef('feature'), oldSha: ZERO_SHA, newSha: first }])).toBe(
      true,
    );
    expect(
      await updateRefs(gitDir, [
        { ref: branchRef('main'), oldSha: second, newSha: first },
        { ref: branchRef('feature'), oldSha: first, newSha: first },
      ]),
    ).toBe(true);
    expect(await heads()).toEqual([first, first]);
    expect(
      await updateRefs(gitDir, [
        { ref: branchRef('main'), oldSha: first, newSha: second },
        { ref: branchRef('feature'), oldSha: first, newSha: ZERO_SHA },
      ]),
    ).toBe(true);
    expect(await heads()).toEqual([second, null]);
  });

  it('moves nothing when one ref is not where it was expected', async () => {
    await updateRefs(gitDir, [{ ref: branchRef('feature'), oldSha: ZERO_SHA, newSha: first }]);
    const moved = await updateRefs(gitDir, [
      { ref: branchRef('main'), oldSha: second, newSha: first },
      { ref: branchRef('feature'), oldSha: second, newSha: ZERO_SHA },
    ]);
    expect(moved).toBe(false);
    expect(await heads()).toEqual([second, first]);
    const checked = await updateRefs(gitDir, [
      { ref: branchRef('main'), oldSha: second, newSha: first },
      { ref: branchRef('feature'), oldSha: second, newSha: second },
    ]);
    expect(checked).toBe(false);
    expect(await heads()).toEqual([second, first]);
  });
});
