import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitError, gitEnv, runGit, streamGit } from './run-git';
import { readBatches } from './read-batches';

const run = promisify(execFile);
let dir: string;
let gitDir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'spawner-'));
  gitDir = path.join(dir, 'repo.git');
  await runGit(gitDir, ['init', '--bare', '--quiet', gitDir]);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The git spawner process: the node child of this process that runs spawner-process.mjs. */
async function spawnerPid(): Promise<number | null> {
  const { stdout } = await run('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)]);
  const line = stdout.split('\n').find((row) => row.includes('spawner-process.mjs'));
  return line ? Number(line.trim().split(' ')[0]) : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('git started by the spawner', () => {
  it('passes input, returns output and exit codes, and reports stderr on failure', async () => {
    const content = 'x'.repeat(300_000);
    const { stdout } = await runGit(gitDir, ['hash-object', '-w', '--stdin'], { input: content });
    const sha = stdout.toString().trim();
    expect(sha).toMatch(/^[0-9a-f]{40}$/);
    const blob = await runGit(gitDir, ['cat-file', 'blob', sha]);
    expect(blob.stdout.toString()).toBe(content);
    const missing = await runGit(gitDir, ['cat-file', '-e', '0'.repeat(40)], { okCodes: [1, 128] });
    expect(missing.code).not.toBe(0);
    await expect(runGit(gitDir, ['no-such-command'])).rejects.toThrow(GitError);
    await expect(runGit(gitDir, ['no-such-command'])).rejects.toThrow(/not a git command/);
  });

  it('runs many calls at once, each getting its own output', async () => {
    const contents = Array.from({ length: 40 }, (_, index) => `blob ${index}\n`.repeat(index + 1));
    const shas = await Promise.all(
      contents.map((content) => runGit(gitDir, ['hash-object', '-w', '--stdin'], { input: content })),
    );
    const read = await Promise.all(
      shas.map(({ stdout }) => runGit(gitDir, ['cat-file', 'blob', stdout.toString().trim()])),
    );
    expect(read.map(({ stdout }) => stdout.toString())).toEqual(contents);
  });

  it('streams output larger than any socket buffer, and stops git when killed', async () => {
    const content = 'y'.repeat(8 * 1024 * 1024);
    const sha = (await runGit(gitDir, ['hash-object', '-w', '--stdin'], { input: content })).stdout;
    const whole = streamGit([`--git-dir=${gitDir}`, 'cat-file', 'blob', sha.toString().trim()]);
    whole.stdin.end();
    let bytes = 0;
    for await (const batch of readBatches(whole.stdout)) bytes += batch.length;
    expect(bytes).toBe(content.length);
    expect((await whole.exited).code).toBe(0);

    // `cat-file --batch` waits for input forever: only a kill ends it.
    const waiting = streamGit([`--git-dir=${gitDir}`, 'cat-file', '--batch'], { env: gitEnv });
    waiting.stdout.resume();
    waiting.kill();
    expect((await waiting.exited).code).not.toBe(0);
  });

  it('starts a new spawner when the old one is gone', async () => {
    await runGit(gitDir, ['rev-parse', '--git-dir']);
    const pid = await spawnerPid();
    expect(pid).not.toBeNull();
    process.kill(pid!, 'SIGKILL');
    // Gone once reaped, which is when this process sees its exit (a zombie still answers `ps`).
    await expect.poll(() => isAlive(pid!)).toBe(false);
    const { stdout } = await runGit(gitDir, ['rev-parse', '--is-bare-repository']);
    expect(stdout.toString().trim()).toBe('true');
    expect(await spawnerPid()).not.toBe(pid);
  });

  /** Whether a git process running `command` is a child of the spawner now. */
  async function gitRunning(command: string): Promise<boolean> {
    const spawner = await spawnerPid();
    const { stdout } = await run('ps', ['-o', 'args=', '--ppid', String(spawner)]).catch(() => ({
      stdout: '',
    }));
    return stdout.includes(command);
  }

  it('holds git back while nobody reads its output, and lets it finish once read', async () => {
    const content = 'z'.repeat(8 * 1024 * 1024);
    const sha = (await runGit(gitDir, ['hash-object', '-w', '--stdin'], { input: content })).stdout
      .toString()
      .trim();
    const args = [`--git-dir=${gitDir}`, 'cat-file', 'blob', sha];
    const readAll = async (git: ReturnType<typeof streamGit>) => {
      let bytes = 0;
      for await (const batch of readBatches(git.stdout)) bytes += batch.length;
      return bytes;
    };

    const direct = streamGit(args);
    direct.stdin.end();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await gitRunning(sha)).toBe(true);
    expect(await readAll(direct)).toBe(content.length);
    expect((await direct.exited).code).toBe(0);
  });

  it('ends a killed call whose output was never read', async () => {
    const sha = (
      await runGit(gitDir, ['hash-object', '-w', '--stdin'], { input: 'w'.repeat(4 * 1024 * 1024) })
    ).stdout
      .toString()
      .trim();
    const git = streamGit([`--git-dir=${gitDir}`, 'cat-file', 'blob', sha]);
    git.stdin.end();
    await new Promise((resolve) => setTimeout(resolve, 100));
    git.kill();
    expect(typeof (await git.exited).code).toBe('number');
  });
});

describe('the spawner in a process that ends', () => {
  it('leaves no socket folder behind once the process exits', async () => {
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'spawner-exit-'));
    try {
      const script = `const { runGit } = await import(${JSON.stringify(path.resolve('src/server/git/run-git.ts'))});
        await runGit(${JSON.stringify(gitDir)}, ['rev-parse', '--git-dir']);
        console.log((await import('node:fs')).readdirSync(${JSON.stringify(tmp)}).join(','));
        process.exit(0);`;
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        {
          env: { ...process.env, TMPDIR: tmp },
        },
      );
      expect(stdout.trim()).toMatch(/^mergeway-git-/);
      // (tsx keeps its cache there too.)
      expect((await readdir(tmp)).filter((name) => name.startsWith('mergeway-git-'))).toEqual([]);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });
});
