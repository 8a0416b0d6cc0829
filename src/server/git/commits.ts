import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ZERO_SHA, branchRef, isSha, resolveCommit, updateRef } from './repository';
import { gitText, runGit } from './run-git';

export type GitPerson = { name: string; email: string; date: Date };

export type Commit = {
  sha: string;
  parentShas: string[];
  title: string;
  message: string;
  author: GitPerson;
  committer: GitPerson;
};

// Fields are separated by NUL and records by RS (0x1e) so that no commit message can break parsing.
const LOG_FORMAT = ['%H', '%P', '%an', '%ae', '%aI', '%cn', '%ce', '%cI', '%B'].join('%x00') + '%x1e';

function parseCommits(raw: string): Commit[] {
  return raw
    .split('\x1e')
    .map((record) => record.replace(/^\n/, ''))
    .filter((record) => record.length > 0)
    .map((record) => {
      const [sha = '', parents = '', an = '', ae = '', ad = '', cn = '', ce = '', cd = '', message = ''] =
        record.split('\x00');
      const body = message.replace(/\n+$/, '');
      return {
        sha,
        parentShas: parents ? parents.split(' ') : [],
        title: body.split('\n', 1)[0] ?? '',
        message: body,
        author: { name: an, email: ae, date: new Date(ad) },
        committer: { name: cn, email: ce, date: new Date(cd) },
      };
    });
}

export type LogOptions = {
  /** A single revision, or a range such as `base..head`. */
  revision: string;
  path?: string;
  limit?: number;
  skip?: number;
  firstParent?: boolean;
  since?: Date;
  until?: Date;
  /** Only commits whose message holds this text, case-insensitively (taken literally, not as a pattern). */
  grep?: string;
};

function filterArgs(options: Omit<LogOptions, 'revision' | 'limit' | 'skip'>): string[] {
  const args: string[] = [];
  if (options.firstParent) args.push('--first-parent');
  if (options.since) args.push(`--since=${options.since.toISOString()}`);
  if (options.until) args.push(`--until=${options.until.toISOString()}`);
  if (options.grep) args.push('--fixed-strings', '--regexp-ignore-case', `--grep=${options.grep}`);
  return args;
}

/** Paths are taken literally: no globs, no magic pathspecs. */
const literal = { GIT_LITERAL_PATHSPECS: '1' };

/**
 * Every path the given commits change, each against its first parent (a root commit against the
 * empty tree), both sides of a rename included: one git call for all of them. Shas must be full.
 */
export async function pathsChangedBy(gitDir: string, shas: string[]): Promise<Set<string>> {
  const commits = [...new Set(shas)].filter(isSha);
  if (commits.length === 0) return new Set();
  const { stdout } = await runGit(gitDir, [
    'log',
    '--no-walk=unsorted',
    '--format=',
    '--name-status',
    '--no-renames',
    '-z',
    '--first-parent',
    '-m',
    '--root',
    '--end-of-options',
    ...commits,
    '--',
  ]);
  // `--name-status -z` without renames: `status\0path\0` records (commits apart by newlines).
  const fields = stdout.toString('utf8').split('\0');
  const paths = new Set<string>();
  for (let i = 0; i < fields.length; i++) {
    const path = fields[i + 1];
    if (/^\n*[ACDMTUXB]$/.test(fields[i]!) && path !== undefined) {
      paths.add(path);
      i++;
    }
  }
  return paths;
}

/** Lists commits newest first. The revision must already be validated (no leading `-`). */
export async function listCommits(gitDir: string, options: LogOptions): Promise<Commit[]> {
  const args = ['log', `--format=${LOG_FORMAT}`, '--no-color'];
  if (options.limit !== undefined) args.push(`--max-count=${options.limit}`);
  if (options.skip) args.push(`--skip=${options.skip}`);
  args.push(...filterArgs(options), '--end-of-options', options.revision, '--');
  if (options.path) args.push(options.path);
  const { stdout } = await runGit(gitDir, args, { env: literal });
  return parseCommits(stdout.toString('utf8'));
}

/** Counts what listCommits would list without a limit; `filters` narrows it the same way. */
export async function countCommits(
  gitDir: string,
  revision: string,
  filters: Omit<LogOptions, 'revision' | 'limit' | 'skip'> = {},
): Promise<number> {
  const args = ['rev-list', '--count', ...filterArgs(filters), '--end-of-options', revision, '--'];
  if (filters.path) args.push(filters.path);
  return Number(await gitText(gitDir, args, { env: literal }));
}

/** Several commits by sha in one git call (branch heads on a page); unknown shas are left out. */
export async function readCommits(gitDir: string, shas: string[]): Promise<Map<string, Commit>> {
  const unique = [...new Set(shas)].filter(isSha);
  if (unique.length === 0) return new Map();
  const { stdout } = await runGit(gitDir, [
    'log',
    '--no-walk=unsorted',
    `--format=${LOG_FORMAT}`,
    '--no-color',
    '--end-of-options',
    ...unique,
    '--',
  ]);
  return new Map(parseCommits(stdout.toString('utf8')).map((commit) => [commit.sha, commit]));
}

export async function readCommit(gitDir: string, sha: string): Promise<Commit | null> {
  const resolved = await resolveCommit(gitDir, sha);
  if (!resolved) return null;
  const [commit] = await listCommits(gitDir, { revision: resolved, limit: 1 });
  return commit ?? null;
}

export type FileChange =
  | { action: 'create' | 'update'; path: string; content: string | Buffer; executable?: boolean }
  | { action: 'delete'; path: string };

export type CommitFilesInput = {
  branch: string;
  /** Start from this branch when `branch` does not exist yet (GitLab's `start_branch`). */
  startBranch?: string;
  message: string;
  author: GitPerson;
  committer?: GitPerson;
  changes: FileChange[];
  /**
   * The branch head the changes were computed against (applied suggestions): the commit goes on
   * it and only if the branch is still there, so nothing pushed meanwhile is overwritten.
   */
  expectedHead?: string;
};

export class BranchMovedError extends Error {
  constructor(readonly branch: string) {
    super(`The branch ${branch} changed while the commit was being written`);
  }
}

/** git's environment for who wrote or committed a commit, and when. */
export function personEnv(prefix: 'AUTHOR' | 'COMMITTER', person: GitPerson): Record<string, string> {
  return {
    [`GIT_${prefix}_NAME`]: person.name,
    [`GIT_${prefix}_EMAIL`]: person.email,
    [`GIT_${prefix}_DATE`]: `${Math.floor(person.date.getTime() / 1000)} +0000`,
  };
}

/**
 * Writes a commit on a branch without a work tree: blobs with hash-object, a tree built in a
 * throw-away index, commit-tree, then a compare-and-swap update-ref. Returns the new commit sha.
 */
export async function commitFiles(gitDir: string, input: CommitFilesInput): Promise<string> {
  // The branch head read here is the one the ref update compares against, so a commit that lands
  // on the branch meanwhile is never overwritten.
  const head = input.expectedHead ?? (await resolveCommit(gitDir, branchRef(input.branch)));
  const parent =
    head ?? (input.startBranch ? await resolveCommit(gitDir, branchRef(input.startBranch)) : null);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'index-'));
  const env = { GIT_INDEX_FILE: path.join(tmp, 'index') };
  try {
    if (parent) await runGit(gitDir, ['read-tree', parent], { env });
    // One `update-index --index-info` for all changes: it needs no work tree (a bare repository has
    // none), and mode 0 removes a path. NUL-terminated records allow any file name.
    const blobs = await writeBlobs(gitDir, tmp, input.changes);
    const records = input.changes.map((change, i) =>
      change.action === 'delete'
        ? `0 ${ZERO_SHA}\t${change.path}`
        : `${change.executable ? '100755' : '100644'} ${blobs[i]}\t${change.path}`,
    );
    await runGit(gitDir, ['update-index', '-z', '--index-info'], {
      env,
      input: records.map((record) => `${record}\0`).join(''),
    });
    const tree = await gitText(gitDir, ['write-tree'], { env });
    const parentArgs = parent ? ['-p', parent] : [];
    const sha = await gitText(gitDir, ['commit-tree', tree, ...parentArgs], {
      input: input.message,
      env: {
        ...personEnv('AUTHOR', input.author),
        ...personEnv('COMMITTER', input.committer ?? input.author),
      },
    });
    if (!(await updateRef(gitDir, branchRef(input.branch), sha, head ?? ZERO_SHA))) {
      throw new BranchMovedError(input.branch);
    }
    return sha;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/**
 * Writes the contents of the changes that have one as blobs, with one `hash-object` for all of them
 * (one process per file took most of a 1,000-file commit). Returns each change's blob sha, in
 * order, and undefined for a deletion. The contents go through files in `tmp`, named by index, so
 * no path of the commit is ever a file name here; `--no-filters` stores them byte for byte.
 */
async function writeBlobs(
  gitDir: string,
  tmp: string,
  changes: FileChange[],
): Promise<(string | undefined)[]> {
  const written: string[] = [];
  for (const [i, change] of changes.entries()) {
    if (change.action === 'delete') continue;
    const file = path.join(tmp, `blob-${i}`);
    await writeFile(file, change.content);
    written.push(file);
  }
  if (written.length === 0) return [];
  const shas = (
    await gitText(gitDir, ['hash-object', '-w', '--no-filters', '--stdin-paths'], {
      input: written.map((file) => `${file}\n`).join(''),
    })
  ).split('\n');
  let next = 0;
  return changes.map((change) => (change.action === 'delete' ? undefined : shas[next++]));
}

/** git's well-known empty tree: what a root commit is compared against. */
export const EMPTY_TREE_SHA = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/** Lines added and removed from `from` to `to` (binary files count as none), as `--numstat` counts them. */
export async function diffStats(
  gitDir: string,
  from: string,
  to: string,
): Promise<{ additions: number; deletions: number }> {
  const raw = await gitText(gitDir, [
    'diff',
    '--numstat',
    '-z',
    '--no-renames',
    '--end-of-options',
    from,
    to,
    '--',
  ]);
  let additions = 0;
  let deletions = 0;
  for (const record of raw.split('\0')) {
    const [added, removed] = record.split('\t');
    if (added && /^\d+$/.test(added)) additions += Number(added);
    if (removed && /^\d+$/.test(removed)) deletions += Number(removed);
  }
  return { additions, deletions };
}
