import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pushFile } from '../../../test/support/merge-request-factories';
import { createGitSessions, gitSessions, type GitSessions } from './git-session';
import { ZERO_SHA, branchRef, initBareRepository, resolveCommit } from './repository';
import { runGit } from './run-git';

const run = promisify(execFile);
let dir: string;
let gitDir: string;
let first: string;
let second: string;
let sessions: GitSessions;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'git-session-'));
  gitDir = path.join(dir, 'repo.git');
  await initBareRepository(gitDir, 'main');
  first = await pushFile({ gitDir }, 'main', { path: 'a.txt', content: 'a\n' });
  second = await pushFile({ gitDir }, 'main', { path: 'b.txt', content: 'b\n' });
  // Commits ask the process-wide sessions; the tests count only their own sessions' processes.
  gitSessions.closeAll();
});
afterEach(() => sessions?.closeAll());
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The git processes running `command` on `repository`, by pid. */
async function gitPids(repository: string, command: string): Promise<number[]> {
  const { stdout } = await run('ps', ['-eo', 'pid=,args=']);
  return stdout
    .split('\n')
    .filter((line) => line.includes(`--git-dir=${repository} ${command}`))
    .map((line) => Number(line.trim().split(' ')[0]));
}

const head = (branch: string) => `${branchRef(branch)}^{commit}\n`;
const transaction = (lines: string[]) => `start\n${lines.join('\n')}\nprepare\ncommit\n`;
const COMMITTED = ['start: ok', 'prepare: ok', 'commit: ok'];

describe('long-lived git sessions', () => {
  it('answers many questions from one process, seeing refs other processes move', async () => {
    sessions = createGitSessions({ idleMs: 60_000, maxSessions: 8 });
    expect(await sessions.ask(gitDir, 'cat-file', head('main') + head('gone'), 2)).toEqual([
      second,
      `${branchRef('gone')}^{commit} missing`,
    ]);
    const [pid] = await gitPids(gitDir, 'cat-file');
    await runGit(gitDir, ['update-ref', branchRef('gone'), first]);
    expect(await sessions.ask(gitDir, 'cat-file', head('gone'), 1)).toEqual([first]);
    expect(await gitPids(gitDir, 'cat-file')).toEqual([pid]);
    await runGit(gitDir, ['update-ref', '-d', branchRef('gone')]);
  });

  it('runs ref transactions one after another, and a refused one moves nothing and ends only itself', async () => {
    sessions = createGitSessions({ idleMs: 60_000, maxSessions: 8 });
    const create = transaction([`update ${branchRef('topic')} ${first} ${ZERO_SHA}`]);
    expect(await sessions.ask(gitDir, 'update-ref', create, 3)).toEqual(COMMITTED);
    // Compare-and-swap: `topic` is at `first`, not `second`; the whole transaction is refused.
    const stale = transaction([
      `update ${branchRef('main')} ${first} ${second}`,
      `update ${branchRef('topic')} ${second} ${second}`,
    ]);
    expect(await sessions.ask(gitDir, 'update-ref', stale, 3)).toEqual(['start: ok']);
    expect(await resolveCommit(gitDir, branchRef('main'))).toBe(second);
    expect(await resolveCommit(gitDir, branchRef('topic'))).toBe(first);
    const remove = transaction([`update ${branchRef('topic')} ${ZERO_SHA} ${first}`]);
    expect(await sessions.ask(gitDir, 'update-ref', remove, 3)).toEqual(COMMITTED);
    expect(await resolveCommit(gitDir, branchRef('topic'))).toBeNull();
  });

  it('answers questions asked at once in the order they were asked', async () => {
    sessions = createGitSessions({ idleMs: 60_000, maxSessions: 8 });
    const asked = Array.from({ length: 20 }, (_, index) =>
      sessions.ask(gitDir, 'cat-file', index % 2 ? head('main') : `${first}\n`, 1),
    );
    const answers = await Promise.all(asked);
    expect(answers).toEqual(Array.from({ length: 20 }, (_, index) => [index % 2 ? second : first]));
    expect(await gitPids(gitDir, 'cat-file')).toHaveLength(1);
  });

  it('ends a session left idle, and starts a new one for the next question', async () => {
    // Idle long enough for `ps` to find the process on a loaded machine (100 ms was not, on CI).
    sessions = createGitSessions({ idleMs: 1_000, maxSessions: 8 });
    await sessions.ask(gitDir, 'cat-file', head('main'), 1);
    expect(sessions.openCount()).toBe(1);
    expect(await gitPids(gitDir, 'cat-file')).toHaveLength(1);
    await expect.poll(() => gitPids(gitDir, 'cat-file'), { timeout: 5_000 }).toEqual([]);
    expect(sessions.openCount()).toBe(0);
    expect(await sessions.ask(gitDir, 'cat-file', head('main'), 1)).toEqual([second]);
  });

  it('asks a new process when the running one was killed', async () => {
    sessions = createGitSessions({ idleMs: 60_000, maxSessions: 8 });
    await sessions.ask(gitDir, 'update-ref', transaction([`verify ${branchRef('main')} ${second}`]), 3);
    const [pid] = await gitPids(gitDir, 'update-ref');
    process.kill(pid!, 'SIGKILL');
    const move = transaction([`update ${branchRef('main')} ${first} ${second}`]);
    expect(await sessions.ask(gitDir, 'update-ref', move, 3)).toEqual(COMMITTED);
    expect(await resolveCommit(gitDir, branchRef('main'))).toBe(first);
    await runGit(gitDir, ['update-ref', branchRef('main'), second]);
  });

  it('keeps at most maxSessions running, ending the least recently used', async () => {
    sessions = createGitSessions({ idleMs: 60_000, maxSessions: 2 });
    const others = await Promise.all(
      ['one', 'two'].map(async (name) => {
        const other = path.join(dir, `${name}.git`);
        await initBareRepository(other, 'main');
        return other;
      }),
    );
    await sessions.ask(gitDir, 'cat-file', head('main'), 1);
    for (const other of others) await sessions.ask(other, 'cat-file', head('main'), 1);
    expect(sessions.openCount()).toBe(2);
    await expect.poll(() => gitPids(gitDir, 'cat-file'), { timeout: 5_000 }).toEqual([]);
    expect(await gitPids(others[1]!, 'cat-file')).toHaveLength(1);
  });

  it('answers a question that waited its turn on a session closed meanwhile, from a new git', async () => {
    sessions = createGitSessions({ idleMs: 60_000, maxSessions: 1 });
    const other = path.join(dir, 'three.git');
    await initBareRepository(other, 'main');
    // Both questions to `repo` are queued when the question to `other` closes its session.
    const answers = await Promise.all([
      sessions.ask(gitDir, 'cat-file', head('main'), 1),
      sessions.ask(gitDir, 'cat-file', `${first}\n`, 1),
      sessions.ask(other, 'cat-file', head('main'), 1),
    ]);
    expect(answers).toEqual([[second], [first], [`${branchRef('main')}^{commit} missing`]]);
  });

  it('gives no answer for a repository that does not exist, without waiting', async () => {
    sessions = createGitSessions({ idleMs: 60_000, maxSessions: 8 });
    expect(await sessions.ask(path.join(dir, 'missing.git'), 'cat-file', head('main'), 1)).toEqual([]);
  });

  it('does not keep a process alive while its sessions are idle', async () => {
    // A script that reads a head and ends: its session (idle for a minute) must not hold it open.
    const script = [
      `import { branchHeads } from ${JSON.stringify(path.resolve('src/server/git/repository.ts'))};`,
      `console.log((await branchHeads(${JSON.stringify(gitDir)}, ['main']))[0]);`,
    ].join('\n');
    const started = performance.now();
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      timeout: 30_000,
    });
    expect(stdout.trim()).toBe(second);
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});
