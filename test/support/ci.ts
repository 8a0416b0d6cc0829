import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../src/server/container';
import { cloneUrl, createGitClient, tempDir } from '../integration/git-helpers';
import type { TestUser } from './factories';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RUNNER_MAIN = path.join(ROOT, 'src/runner/main.ts');

/** A bundled runner as its own process, as `npm run runner -- --url --token` starts it. */
export type RunnerProcess = {
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Waits for a line of its output that matches. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<void>;
};

export function startRunnerProcess(options: {
  url: string;
  token: string;
  concurrent?: number;
  buildsDir?: string;
}): RunnerProcess {
  const args = ['--import', 'tsx', RUNNER_MAIN, '--url', options.url, '--token', options.token];
  if (options.concurrent) args.push('--concurrent', String(options.concurrent));
  if (options.buildsDir) args.push('--builds-dir', options.buildsDir);
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    child,
    output: () => output,
    async waitForOutput(pattern, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(output)) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`runner never printed ${pattern}:\n${output}`);
        await delay(50);
      }
    },
    async stop(signal = 'SIGINT') {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, signal);
        } catch {
          // Gone already.
        }
        await Promise.race([exited, delay(15_000)]);
      }
    },
  };
}

/** An instance runner's token, made as an administrator makes one. */
export async function instanceRunnerToken(c: Pick<Container, 'runners'>): Promise<string> {
  return (await c.runners.ensureEmbeddedRunner(null)).token;
}

/**
 * Clones a project over HTTP as `user`, writes `files` (null deletes one), commits and pushes
 * `branch` (created from the default branch when new). Answers the pushed commit's sha.
 */
export async function pushFiles(
  baseUrl: string,
  fullPath: string,
  user: TestUser,
  files: Record<string, string | null>,
  options: { branch?: string; message?: string; tag?: string } = {},
): Promise<string> {
  const home = await tempDir('ci-push-');
  try {
    const git = createGitClient(home);
    const dir = path.join(home, 'work');
    const url = cloneUrl(baseUrl, fullPath, { user: user.username, secret: user.token });
    const cloned = await git(home, ['clone', '-q', url, dir]);
    if (cloned.code !== 0) throw new Error(`clone failed: ${cloned.stderr}`);
    const branch = options.branch ?? 'main';
    const exists = await git(dir, ['rev-parse', '--verify', '-q', `origin/${branch}`]);
    await git(dir, exists.code === 0 ? ['checkout', '-q', branch] : ['checkout', '-q', '-b', branch]);
    for (const [file, content] of Object.entries(files)) {
      const target = path.join(dir, file);
      if (content === null) await rm(target, { force: true });
      else {
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, content);
      }
    }
    await git(dir, ['add', '-A']);
    await git(dir, ['commit', '-q', '--allow-empty', '-m', options.message ?? 'Update files']);
    const refs = [`HEAD:refs/heads/${branch}`];
    if (options.tag) {
      await git(dir, ['tag', options.tag]);
      refs.push(`refs/tags/${options.tag}`);
    }
    const pushed = await git(dir, ['push', '-q', 'origin', ...refs]);
    if (pushed.code !== 0) throw new Error(`push failed: ${pushed.stderr}`);
    return (await git(dir, ['rev-parse', 'HEAD'])).stdout.trim();
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

/** Polls `read` until `done` holds for what it answers (every 100 ms, for `timeoutMs`). */
export async function waitUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`still waiting; last seen: ${JSON.stringify(value).slice(0, 2000)}`);
    await delay(100);
  }
}

export const FINISHED = ['success', 'failed', 'canceled', 'skipped'];

/**
 * Commits `.gitlab-ci.yml` (created or replaced) on `branch` through the files API, which runs
 * the push hooks as a push does; answers the new commit's sha.
 */
export async function commitCiConfig(
  app: FastifyInstance,
  user: TestUser,
  projectId: number,
  yaml: string,
  branch = 'main',
  message = 'CI configuration',
): Promise<string> {
  const url = `/api/v4/projects/${projectId}/repository/files/.gitlab-ci.yml`;
  const payload = { branch, start_branch: 'main', content: yaml, commit_message: message };
  let response = await app.inject({ method: 'POST', url, headers: user.headers, payload });
  if (response.statusCode === 400)
    response = await app.inject({ method: 'PUT', url, headers: user.headers, payload });
  if (response.statusCode >= 300) throw new Error(`commit failed: ${response.statusCode} ${response.body}`);
  const branchInfo = await app.inject({
    url: `/api/v4/projects/${projectId}/repository/branches/${encodeURIComponent(branch)}`,
    headers: user.headers,
  });
  return branchInfo.json<{ commit: { id: string } }>().commit.id;
}
