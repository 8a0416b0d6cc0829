import type { Readable, Writable } from 'node:stream';
import { startGit, type GitExit } from './spawner';

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
export async function runGit(gitDir: string, args: string[], options: GitOptions = {}): Promise<GitResult> {
  const input = options.input ?? '';
  const git = startGit(
    [`--git-dir=${gitDir}`, ...args],
    { ...gitEnv, ...options.env },
    { stdin: input.length > 0 },
  );
  git.stdin?.end(input);
  const out: Buffer[] = [];
  git.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  const { code, stderr } = await git.exited;
  if (code !== 0 && !options.okCodes?.includes(code)) throw new GitError(args, code, stderr);
  return { code, stdout: Buffer.concat(out), stderr };
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
  exited: Promise<GitExit>;
  kill(): void;
};

/**
 * The streaming variant of runGit, for output too large to hold (packs): the caller writes stdin
 * and pipes stdout. `args` start with git's own options, so smart HTTP can name the repository
 * directory as upload-pack and receive-pack expect it.
 */
export function streamGit(args: string[], options: Pick<GitOptions, 'env'> = {}): GitStream {
  const git = startGit(args, { ...gitEnv, ...options.env }, { stdin: true });
  return { ...git, stdin: git.stdin! };
}
