import { ZERO_SHA, branchHeads, branchRef, isSha, resolveCommit, updateRefs } from './repository';
import { gitText, runGit } from './run-git';
import { repositoryPathProblem } from '../../shared/repository/repositoryInput';

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

/**
 * Commits reachable from `to` but not from `from` (GitLab's `count_commits_between`): for a merge
 * request, the target branch's commits its source branch lacks, 0 once rebased. Both are shas.
 */
export async function countCommitsBetween(gitDir: string, from: string, to: string): Promise<number> {
  if (!isSha(from) || !isSha(to)) throw new Error('countCommitsBetween takes shas');
  return Number(await gitText(gitDir, ['rev-list', '--count', '--end-of-options', to, `^${from}`, '--']));
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
 * Writes a commit on a branch without a work tree: one `git fast-import` writes the blobs, trees
 * and commit (no ref: its scratch branch is reset before it ends), then a compare-and-swap ref
 * update moves the branch. One process where the index route took seven. Paths must be checked
 * already (repositoryPathProblem); they are checked again here, as fast-import would write `.git`.
 * A deletion names a file: fast-import's `D` on a folder would remove all of it.
 */
export async function commitFiles(gitDir: string, input: CommitFilesInput): Promise<string> {
  const [branchHead, startHead] = await branchHeads(gitDir, [
    input.branch,
    input.startBranch ?? input.branch,
  ]);
  // The branch head read here is the one the ref update compares against, so a commit that lands
  // on the branch meanwhile is never overwritten.
  const head = input.expectedHead ?? branchHead;
  const parent = head ?? (input.startBranch ? startHead : null);
  const sha = await writeCommit(gitDir, { ...input, parent });
  const moved = await updateRefs(gitDir, [
    { ref: branchRef(input.branch), oldSha: head ?? ZERO_SHA, newSha: sha },
  ]);
  if (!moved) throw new BranchMovedError(input.branch);
  return sha;
}

const SCRATCH_REF = 'refs/fast-import/commit';

/** The commit's objects through fast-import, which answers the commit's sha to `get-mark`. */
async function writeCommit(
  gitDir: string,
  input: Pick<CommitFilesInput, 'message' | 'author' | 'committer' | 'changes'> & { parent: string | null },
): Promise<string> {
  const data = (content: string | Buffer) => {
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    return [Buffer.from(`data ${bytes.length}\n`), bytes, Buffer.from('\n')];
  };
  const line = (text: string) => Buffer.from(`${text}\n`, 'utf8');
  const script = [
    line(`commit ${SCRATCH_REF}`),
    line('mark :1'),
    line(`author ${identOf(input.author)}`),
    line(`committer ${identOf(input.committer ?? input.author)}`),
    ...data(input.message),
    ...(input.parent ? [line(`from ${input.parent}`)] : []),
    ...input.changes.flatMap((change) => {
      const problem = repositoryPathProblem(change.path);
      if (problem || change.path === '' || change.path.endsWith('/'))
        throw new Error(`not a file path to commit (${problem ?? 'a folder'}): ${change.path}`);
      if (change.action === 'delete') return [line(`D ${quotedPath(change.path)}`)];
      const mode = change.executable ? '100755' : '100644';
      return [line(`M ${mode} inline ${quotedPath(change.path)}`), ...data(change.content)];
    }),
    line(''),
    line('get-mark :1'),
    // A branch reset to nothing is never written: the commit stays an object until the ref moves.
    line(`reset ${SCRATCH_REF}`),
    line(''),
  ];
  const sha = await gitText(gitDir, ['fast-import', '--quiet'], { input: Buffer.concat(script) });
  if (!isSha(sha)) throw new Error(`fast-import answered no commit: ${sha.slice(0, 100)}`);
  return sha;
}

/** A path as fast-import reads it: C-quoted, so spaces, quotes and control bytes stay literal. */
function quotedPath(filePath: string): string {
  const escaped = filePath
    .replace(/[\\"]/g, (c) => `\\${c}`)
    // eslint-disable-next-line no-control-regex -- control bytes are what must be escaped
    .replace(/[\x00-\x1f\x7f]/g, (c) => `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`);
  return `"${escaped}"`;
}

/** Bytes git trims from the ends of a name or email (ident.c's "crud"). */
// eslint-disable-next-line no-control-regex -- control bytes are crud to git
const CRUD = /^[\x00-\x20.,:;<>"\\']+|[\x00-\x20.,:;<>"\\']+$/g;

/**
 * `Name <email> seconds +0000`, cleaned as git cleans an identity from its environment: newlines,
 * `<` and `>` dropped, crud trimmed at the ends; git refuses an empty name, and so does this.
 */
function identOf(person: GitPerson): string {
  const clean = (text: string) => text.replace(/[\n<>]/g, '').replace(CRUD, '');
  const name = clean(person.name);
  if (name === '') throw new Error(`empty ident name (for <${person.email}>) not allowed`);
  return `${name} <${clean(person.email)}> ${Math.floor(person.date.getTime() / 1000)} +0000`;
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
