import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
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
