// Git floors, timed in a small process of their own (`node --import tsx bench/git-floor.ts`), so
// that neither the bench's memory (starting a process from a large one costs more) nor its event
// loop is part of git's figure. It reads lines and answers each with milliseconds:
// - `gitDir target source`: the merge floor, the git plumbing a server merge needs, run
//   directly: `git merge-tree --write-tree`, `git commit-tree`, and one `git update-ref --stdin`
//   transaction that moves the target by compare-and-swap and removes the source branch;
// - a JSON array `[gitDir, ...args]`: that git command with its output to /dev/null;
// - a JSON object `{ url, headers }`: an HTTP GET of the server, its whole body read and thrown
//   away, as a client in a process of its own would (answered `milliseconds status`).
import { execFile, spawn } from 'node:child_process';
import { Agent, get } from 'node:http';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
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

/** `git update-ref --stdin` with `input`; rejects when git refuses (a ref moved). */
function updateRefs(gitDir: string, input: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', [`--git-dir=${gitDir}`, 'update-ref', '--stdin'], {
      env,
      stdio: ['pipe', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`update-ref exited ${code}`))));
    child.stdin.end(input);
  });
}

/**
 * Milliseconds for git alone to merge `source` into `target`, write the merge commit, and move
 * `refs/heads/main` from `target` to it while `refs/heads/feature` goes from `source`. The caller
 * puts both branches back before the next run.
 */
export async function gitMerge(gitDir: string, target: string, source: string): Promise<number> {
  const git = (args: string[]) => run('git', [`--git-dir=${gitDir}`, ...args], { env });
  const started = performance.now();
  const { stdout: tree } = await git(['merge-tree', '--write-tree', target, source]);
  const { stdout: commit } = await git([
    'commit-tree',
    tree.trim(),
    '-p',
    target,
    '-p',
    source,
    '-m',
    "Merge branch 'feature'",
  ]);
  await updateRefs(
    gitDir,
    `update refs/heads/main ${commit.trim()} ${target}\ndelete refs/heads/feature ${source}\n`,
  );
  return performance.now() - started;
}

/** Milliseconds for `git args` to run with its output thrown away. */
function gitToDevNull(gitDir: string, args: string[]): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('git', [`--git-dir=${gitDir}`, ...args], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', () => resolve(performance.now() - started));
  });
}

/**
 * Milliseconds for a GET of `url` with its whole body read, and the status it answered. node:http
 * rather than fetch, whose body streams add the client's own work (a 1.7 MB batch read in the
 * server's process: 6.3 ms median by node:http, 8.0 by fetch).
 */
function httpGet(url: string, headers: Record<string, string>): Promise<string> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    get(url, { headers, agent }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => resolve(`${performance.now() - started} ${response.statusCode}`));
      response.on('error', reject);
    }).on('error', reject);
  });
}
const agent = new Agent({ keepAlive: true });

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.startsWith('{')) {
      const { url, headers } = JSON.parse(line) as { url: string; headers: Record<string, string> };
      process.stdout.write(`${await httpGet(url, headers)}\n`);
      continue;
    }
    if (line.startsWith('[')) {
      const [gitDir = '', ...args] = JSON.parse(line) as string[];
      process.stdout.write(`${await gitToDevNull(gitDir, args)}\n`);
      continue;
    }
    const [gitDir = '', target = '', source = ''] = line.split(' ');
    process.stdout.write(`${await gitMerge(gitDir, target, source)}\n`);
  }
}

/** The floor process, started from the bench: `git` times a command, `merge` a merge, `get` a request. */
export function startGitFloor() {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const ask = async (line: string): Promise<string> => {
    child.stdin.write(`${line}\n`);
    const answer = await lines.next();
    if (answer.done) throw new Error('the git floor process ended');
    return answer.value;
  };
  return {
    git: async (gitDir: string, args: string[]) => Number(await ask(JSON.stringify([gitDir, ...args]))),
    /** A GET timed from the floor's process: milliseconds, and a failure unless it answered 200. */
    get: async (url: string, headers: Record<string, string>) => {
      const [ms = '', status] = (await ask(JSON.stringify({ url, headers }))).split(' ');
      if (status !== '200') throw new Error(`GET ${url} answered ${status}`);
      return Number(ms);
    },
    merge: async (gitDir: string, target: string, source: string) =>
      Number(await ask(`${gitDir} ${target} ${source}`)),
    stop: () => child.kill(),
  };
}
