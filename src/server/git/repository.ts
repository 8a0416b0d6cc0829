import { createHash } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { revisionProblem } from '../../shared/repository/repositoryInput';
import { createLruCache } from '../lru-cache';
import { gitSessions } from './git-session';
import { gitText, runGit } from './run-git';

export const ZERO_SHA = '0000000000000000000000000000000000000000';
const SHA_RE = /^[0-9a-f]{40}$/;

export const isSha = (value: string): boolean => SHA_RE.test(value);

/**
 * Repositories live at a path derived from the project id, not its name, so renaming or moving
 * a project never moves files (GitLab's hashed storage).
 */
export function repositoryPath(repositoriesDir: string, projectId: number): string {
  const hash = createHash('sha256').update(String(projectId)).digest('hex');
  return path.join(repositoriesDir, '@hashed', hash.slice(0, 2), hash.slice(2, 4), `${hash}.git`);
}

/** What every repository starts with: its config (fsck on receive), and no sample hooks. */
const templateDir = fileURLToPath(new URL('./repository-template', import.meta.url));

export async function initBareRepository(gitDir: string, defaultBranch: string): Promise<void> {
  await mkdir(path.dirname(gitDir), { recursive: true });
  await runGit(gitDir, [
    'init',
    '--bare',
    '--quiet',
    `--template=${templateDir}`,
    `--initial-branch=${defaultBranch}`,
    gitDir,
  ]);
}

export async function repositoryExists(gitDir: string): Promise<boolean> {
  return stat(path.join(gitDir, 'HEAD')).then(
    () => true,
    () => false,
  );
}

export async function removeRepository(gitDir: string): Promise<void> {
  await rm(gitDir, { recursive: true, force: true });
}

/** git's verdicts on ref names, which never change: most names asked about are asked again. */
const refNameVerdicts = createLruCache<boolean>(10_000, () => 1);

async function isValidRefName(ref: string): Promise<boolean> {
  const known = refNameVerdicts.get(ref);
  if (known !== undefined) return known;
  const result = await runGit('/nonexistent', ['check-ref-format', ref], { okCodes: [1] });
  refNameVerdicts.set(ref, result.code === 0);
  return result.code === 0;
}

/**
 * Validates a branch name as git does (`git check-ref-format --branch`), and refuses names that
 * start with `-` so that a name can never be read as an option.
 */
export async function isValidBranchName(name: string): Promise<boolean> {
  if (name.length === 0 || name.length > 255 || name.startsWith('-') || name === 'HEAD') return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a ref may not hold
  if (/[\u0000-\u001f\u007f]/.test(name)) return false;
  return isValidRefName(`refs/heads/${name}`);
}

/** Resolves a revision to a commit sha, or null when it does not exist. */
export async function resolveCommit(gitDir: string, revision: string): Promise<string | null> {
  // Read as an option, or not passable to a process at all (a NUL byte): no revision of ours.
  if (revisionProblem(revision)) return null;
  const result = await runGit(
    gitDir,
    ['rev-parse', '--verify', '--quiet', '--end-of-options', `${revision}^{commit}`],
    {
      okCodes: [1, 128],
    },
  );
  const sha = result.stdout.toString('utf8').trim();
  return result.code === 0 && isSha(sha) ? sha : null;
}

export const branchRef = (branch: string): string => `refs/heads/${branch}`;

/**
 * The commits these branches point at (null where a branch does not exist), answered by the
 * repository's running `cat-file` (git-session.ts): a merge reads two heads at a time, and on a
 * busy machine starting git costs more than the lookup.
 */
export async function branchHeads<const Branches extends readonly string[]>(
  gitDir: string,
  branches: Branches,
): Promise<{ [Index in keyof Branches]: string | null }> {
  // A branch name holds no whitespace, so a name that does (which would split its line) is no branch.
  const asked = branches.filter((branch) => !/\s/.test(branch) && revisionProblem(branch) === null);
  const input = asked.map((branch) => `${branchRef(branch)}^{commit}\n`).join('');
  // A missing object answers `<name> missing`; a missing repository no line at all.
  const lines = asked.length > 0 ? await gitSessions.ask(gitDir, 'cat-file', input, asked.length) : [];
  const heads = branches.map((branch) => {
    const line = asked.includes(branch) ? (lines[asked.indexOf(branch)] ?? '') : '';
    return isSha(line) ? line : null;
  });
  return heads as { [Index in keyof Branches]: string | null };
}

/**
 * Starts the repository's heads reader and ref writer ahead of a ref update, so that they start
 * while the caller reads the database instead of after it.
 */
export function warmRefSessions(gitDir: string): void {
  gitSessions.warm(gitDir, 'cat-file');
  gitSessions.warm(gitDir, 'update-ref');
}

/**
 * Compare-and-swap a ref: it moves to `newSha` only if it still points at `oldSha` (ZERO_SHA: must
 * not exist yet). Returns false when another writer got there first.
 */
export async function updateRef(
  gitDir: string,
  ref: string,
  newSha: string,
  oldSha: string,
): Promise<boolean> {
  const result = await runGit(gitDir, ['update-ref', ref, newSha, oldSha], { okCodes: [1, 128] });
  return result.code === 0;
}

/** One ref of a transaction: `newSha` ZERO_SHA deletes it; the same sha as `oldSha` only checks it. */
export type RefUpdate = { ref: string; oldSha: string; newSha: string };

/**
 * Compare-and-swap several refs as one (`git update-ref --stdin`): every ref moves, each only if
 * it still points at its `oldSha`, or none does. Returns false when any had moved.
 */
export async function updateRefs(gitDir: string, updates: RefUpdate[]): Promise<boolean> {
  const commands = updates.map(({ ref, oldSha, newSha }) => {
    // A line is a command: a name or id that could end one early is a bug upstream, never written.
    if (/\s/.test(ref + oldSha + newSha)) throw new Error(`not a ref update: ${ref} ${oldSha} ${newSha}`);
    return newSha === oldSha ? `verify ${ref} ${oldSha}\n` : `update ${ref} ${newSha} ${oldSha}\n`;
  });
  // git answers `start: ok`, `prepare: ok`, `commit: ok`; a refused update ends it after the first.
  const input = `start\n${commands.join('')}prepare\ncommit\n`;
  const answers = await gitSessions.ask(gitDir, 'update-ref', input, 3);
  return answers.join('\n') === 'start: ok\nprepare: ok\ncommit: ok';
}

export async function deleteRef(gitDir: string, ref: string, oldSha: string): Promise<boolean> {
  const result = await runGit(gitDir, ['update-ref', '-d', ref, oldSha], { okCodes: [1, 128] });
  return result.code === 0;
}

export async function setHead(gitDir: string, branch: string): Promise<void> {
  await runGit(gitDir, ['symbolic-ref', 'HEAD', branchRef(branch)]);
}

export async function isAncestor(gitDir: string, ancestor: string, descendant: string): Promise<boolean> {
  const result = await runGit(gitDir, ['merge-base', '--is-ancestor', ancestor, descendant], {
    okCodes: [1],
  });
  return result.code === 0;
}

export async function mergeBase(gitDir: string, a: string, b: string): Promise<string | null> {
  const result = await runGit(gitDir, ['merge-base', a, b], { okCodes: [1] });
  const sha = result.stdout.toString('utf8').trim();
  return result.code === 0 && isSha(sha) ? sha : null;
}

export async function isEmptyRepository(gitDir: string): Promise<boolean> {
  return (await gitText(gitDir, ['for-each-ref', '--count=1', '--format=%(refname)', 'refs/heads/'])) === '';
}

/** Tag names follow the same rules as branch names, checked as `refs/tags/...`. */
export async function isValidTagName(name: string): Promise<boolean> {
  if (name.length === 0 || name.length > 255 || name.startsWith('-')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a ref may not hold
  if (/[\u0000-\u001f\u007f]/.test(name)) return false;
  return isValidRefName(`refs/tags/${name}`);
}

/** The object a full ref name points at (a tag object for annotated tags), or null when it does not exist. */
export async function readRef(gitDir: string, ref: string): Promise<string | null> {
  if (!ref.startsWith('refs/')) return null;
  const result = await runGit(gitDir, ['show-ref', '--verify', '--hash', ref], { okCodes: [1, 128] });
  const sha = result.stdout.toString('utf8').trim();
  return result.code === 0 && isSha(sha) ? sha : null;
}
