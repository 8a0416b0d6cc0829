import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export type GitRun = { code: number; stdout: string; stderr: string };

/** A git client as a user runs it: its own HOME, no prompts, no system config. */
export function createGitClient(home: string) {
  return function git(cwd: string, args: string[]): Promise<GitRun> {
    return new Promise((resolve, reject) => {
      const child = spawn(
        'git',
        [
          '-c',
          'user.name=Test Pusher',
          '-c',
          'user.email=pusher@example.com',
          '-c',
          'init.defaultBranch=main',
          ...args,
        ],
        {
          cwd,
          env: {
            PATH: process.env.PATH ?? '/usr/bin:/bin',
            HOME: home,
            GIT_TERMINAL_PROMPT: '0',
            GIT_CONFIG_NOSYSTEM: '1',
            GIT_ASKPASS: '',
            LANG: 'C',
          },
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    });
  };
}

export const tempDir = (prefix: string): Promise<string> => mkdtemp(path.join(os.tmpdir(), prefix));

/** What `inWorkTree` hands its callback: the work tree, git run in it, and "add everything and commit". */
export type WorkTree = {
  dir: string;
  git: (args: string[]) => Promise<GitRun>;
  commitAll: (message: string) => Promise<void>;
};

/**
 * For history only a work tree can make (symbolic links, `git mv`): clones the bare repository,
 * lets `build` write and commit, pushes `branches` back and removes the clone.
 */
export async function inWorkTree(
  gitDir: string,
  branches: string[],
  build: (tree: WorkTree) => Promise<void>,
): Promise<void> {
  const home = await tempDir('work-tree-home-');
  try {
    const dir = path.join(home, 'work');
    const client = createGitClient(home);
    await client(home, ['clone', gitDir, dir]);
    const git = (args: string[]) => client(dir, args);
    const commitAll = async (message: string) => {
      await git(['add', '-A']);
      await git(['commit', '-m', message]);
    };
    await build({ dir, git, commitAll });
    const pushed = await git(['push', 'origin', ...branches]);
    if (pushed.code !== 0) throw new Error(`push failed: ${pushed.stderr}`);
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

/** `http://user:secret@127.0.0.1:port/path.git`. */
export function cloneUrl(
  baseUrl: string,
  fullPath: string,
  credentials?: { user: string; secret: string },
): string {
  const url = new URL(`${baseUrl}/${fullPath}.git`);
  if (credentials) {
    url.username = encodeURIComponent(credentials.user);
    url.password = encodeURIComponent(credentials.secret);
  }
  return url.toString();
}
