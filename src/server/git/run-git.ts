import { spawn } from 'node:child_process';

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
