import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

export type GitResult = { code: number; stdout: Buffer; stderr: string };

export type GitOptions = {
  input?: string | Buffer;
  env?: Record<string, string>;
  /** Exit codes that are answers rather than failures (e.g. 1 from `merge-base --is-ancestor`). */
  okCodes?: number[];
};

export class GitError extends Error {
  constructor(
    readonly args: string[],
    readonly code: number,
    readonly stderr: string,
  ) {
    super(`git ${args[0] ?? ''} failed (${code}): ${stderr.trim().slice(0, 500)}`);
    this.name = 'GitError';
  }
}

/**
 * Git's environment is pinned: no user or system config, no prompts, no pager, so a machine's
 * ~/.gitconfig never changes what the server does.
 */
export const gitEnv: Record<string, string> = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: '/nonexistent',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_TERMINAL_PROMPT: '0',
  GIT_PAGER: 'cat',
  LANG: 'C',
  LC_ALL: 'C',
};

/** Runs git with an argument array (never a shell) and collects its output. */
export function runGit(gitDir: string, args: string[], options: GitOptions = {}): Promise<GitResult> {
  const fullArgs = [`--git-dir=${gitDir}`, ...args];
  return new Promise((resolve, reject) => {
    const child = spawn('git', fullArgs, {
      env: { ...gitEnv, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const result = {
        code: code ?? -1,
        stdout: Buffer.concat(out),
        stderr: Buffer.concat(err).toString('utf8'),
      };
      if (result.code === 0 || options.okCodes?.includes(result.code)) resolve(result);
      else reject(new GitError(args, result.code, result.stderr));
    });
    child.stdin.on('error', () => undefined); // git may exit before reading all input
    child.stdin.end(options.input ?? '');
  });
}

/** Runs git and returns trimmed stdout as text. */
export async function gitText(gitDir: string, args: string[], options?: GitOptions): Promise<string> {
  const { stdout } = await runGit(gitDir, args, options);
  return stdout.toString('utf8').trimEnd();
}

export type GitStream = {
  stdin: Writable;
  stdout: Readable;
  /** Settles when git exits, with its exit code and what it wrote to stderr. */
  exited: Promise<{ code: number; stderr: string }>;
  kill(): void;
};

/**
 * The streaming variant of runGit, for output too large to hold (packs): the caller writes stdin
 * and pipes stdout. `args` start with git's own options, so smart HTTP can name the repository
 * directory as upload-pack and receive-pack expect it.
 */
export function streamGit(args: string[], options: Pick<GitOptions, 'env'> = {}): GitStream {
  const child = spawn('git', args, { env: { ...gitEnv, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
  const err: Buffer[] = [];
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  child.stdin.on('error', () => undefined); // git may exit before reading all input
  const exited = new Promise<{ code: number; stderr: string }>((resolve) => {
    child.on('error', (error) => resolve({ code: -1, stderr: error.message }));
    child.on('close', (code) => resolve({ code: code ?? -1, stderr: Buffer.concat(err).toString('utf8') }));
  });
  return {
    stdin: child.stdin,
    stdout: child.stdout,
    exited,
    kill: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
    },
  };
}
