// The merge floor: plain `git merge-tree --write-tree` and `git commit-tree` of two commits.
// Run as its own small process (`node --import tsx bench/git-floor.ts`) it reads
// `gitDir target source` lines and answers each with the milliseconds both commands took, so that
// neither the bench's memory (starting a process from a large one costs more) nor its event loop
// is part of git's figure.
import { execFile } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const env = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: '/nonexistent',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'bench@example.com',
  GIT_COMMITTER_NAME: 'Bench',
  GIT_COMMITTER_EMAIL: 'bench@example.com',
};

/** Milliseconds for git alone to merge `source` into `target` and write the merge commit. */
export async function gitMerge(gitDir: string, target: string, source: string): Promise<number> {
  const git = (args: string[]) => run('git', [`--git-dir=${gitDir}`, ...args], { env });
  const started = performance.now();
  const { stdout } = await git(['merge-tree', '--write-tree', target, source]);
  await git(['commit-tree', stdout.trim(), '-p', target, '-p', source, '-m', "Merge branch 'feature'"]);
  return performance.now() - started;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for await (const line of createInterface({ input: process.stdin })) {
    const [gitDir = '', target = '', source = ''] = line.split(' ');
    process.stdout.write(`${await gitMerge(gitDir, target, source)}\n`);
  }
}
