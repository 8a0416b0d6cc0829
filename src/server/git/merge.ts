import type { MergeMethod } from '../../shared/api/projects';
import { err, ok, type Result } from '../../shared/lib/result';
import { createLruCache } from '../lru-cache';
import { personEnv, type GitPerson } from './commits';
import { isSha, mergeBase } from './repository';
import { GitError, gitText, runGit } from './run-git';

export type MergeTreeResult = { clean: true; tree: string } | { clean: false };

/**
 * How long a merged tree is remembered. Its objects are unreferenced until a commit uses them,
 * and git prunes such objects only after two weeks; repositories are named by project id, which
 * is never reused, so a remembered tree is always in its repository.
 */
const REMEMBERED_MERGE_MS = 10 * 60 * 1000;
const rememberedMerges = createLruCache<{ at: number; result: Promise<MergeTreeResult> }>(1_000, () => 1);

/**
 * Merges two commits in memory (`git merge-tree --write-tree`): exit 0 writes the merged tree,
 * exit 1 means conflicts, and commits without shared history do not merge either. No work tree,
 * no ref moves. The answer depends on the two commits alone, so it is remembered for a while: a
 * merge right after its mergeability check reuses the tree the check wrote (and callers asking
 * at once share one git run).
 */
export function mergeTree(gitDir: string, ours: string, theirs: string): Promise<MergeTreeResult> {
  // A ref names different commits over time: only commit ids are remembered.
  if (!isSha(ours) || !isSha(theirs)) return runMergeTree(gitDir, ours, theirs);
  const key = `${gitDir}\0${ours}\0${theirs}`;
  const now = performance.now();
  const remembered = rememberedMerges.get(key);
  if (remembered && now - remembered.at < REMEMBERED_MERGE_MS) return remembered.result;
  const entry = { at: now, result: runMergeTree(gitDir, ours, theirs) };
  rememberedMerges.set(key, entry);
  // A failure (git missing, a repository being moved) is not an answer about the commits.
  entry.result.catch(() => {
    if (rememberedMerges.get(key) === entry) rememberedMerges.delete(key);
  });
  return entry.result;
}

async function runMergeTree(gitDir: string, ours: string, theirs: string): Promise<MergeTreeResult> {
  const args = [
    'merge-tree',
    '--write-tree',
    '--no-messages',
    '--name-only',
    '--end-of-options',
    ours,
    theirs,
  ];
  const result = await runGit(gitDir, args, { okCodes: [1, 128] });
  if (result.code === 128 && !result.stderr.includes('refusing to merge unrelated histories'))
    throw new GitError(args, result.code, result.stderr);
  if (result.code !== 0) return { clean: false };
  const tree = result.stdout.toString('utf8').split('\n', 1)[0] ?? '';
  if (!isSha(tree)) throw new Error(`merge-tree wrote no tree for ${ours} and ${theirs}`);
  return { clean: true, tree };
}

/** Writes a commit object for a tree (or a commit, meaning its tree) with these parents; moves no ref. */
export async function commitTree(
  gitDir: string,
  input: { tree: string; parents: string[]; message: string; author: GitPerson; committer: GitPerson },
): Promise<string> {
  const parentArgs = input.parents.flatMap((parent) => ['-p', parent]);
  const sha = await gitText(gitDir, ['commit-tree', ...parentArgs, `${input.tree}^{tree}`], {
    input: input.message,
    env: { ...personEnv('AUTHOR', input.author), ...personEnv('COMMITTER', input.committer) },
  });
  if (!isSha(sha)) throw new Error(`commit-tree wrote no commit for ${input.tree}`);
  return sha;
}

export type MergePlan = {
  method: MergeMethod;
  targetHead: string;
  sourceHead: string;
  /** The merge commit's message (fast-forward writes no merge commit). */
  message: string;
  /** One commit for the whole source branch, written by `author`. */
  squash: { message: string; author: GitPerson } | null;
  /** Who merges: the committer of everything written, and the author of the merge commit. */
  merger: GitPerson;
};

export type PreparedMerge = {
  /** What the target branch moves to. */
  newHead: string;
  mergeCommitSha: string | null;
  squashCommitSha: string | null;
};

/** `conflict`: the branches do not merge cleanly (or share no history); `needs_rebase`: the method needs the target in the source's history. */
export type MergeRefusal = 'conflict' | 'needs_rebase';

/**
 * Writes the commits a merge needs, as GitLab's merge methods do, and moves no ref: the caller
 * moves the target branch with a compare-and-swap from `plan.targetHead`.
 *
 * - `merge`: a merge commit of the target and the source (or of the target and the squash
 *   commit, which sits on the merge base with the source's tree);
 * - `rebase_merge` (semi-linear): the same, only when the target head is in the source's history;
 *   a squash commit then sits on the target head;
 * - `ff`: the target moves to the source head (or to a squash commit on the target head).
 */
export async function prepareMerge(
  gitDir: string,
  plan: MergePlan,
): Promise<Result<PreparedMerge, MergeRefusal>> {
  const { targetHead, sourceHead } = plan;
  // A squash commit sits on the merge base (for the linear methods, that is the target head).
  // A plain merge needs no base of its own, merge-tree finds it: one git process fewer.
  let squashParent = targetHead;
  if (plan.method !== 'merge' || plan.squash) {
    const base = await mergeBase(gitDir, targetHead, sourceHead);
    if (!base) return err('conflict');
    // The target head is in the source's history exactly when it is their merge base.
    if (plan.method !== 'merge' && base !== targetHead) return err('needs_rebase');
    squashParent = base;
  }
  const merged = await mergeTree(gitDir, targetHead, sourceHead);
  if (!merged.clean) return err('conflict');

  let head = sourceHead;
  let squashCommitSha: string | null = null;
  if (plan.squash) {
    squashCommitSha = await commitTree(gitDir, {
      tree: sourceHead,
      parents: [squashParent],
      message: plan.squash.message,
      author: plan.squash.author,
      committer: plan.merger,
    });
    head = squashCommitSha;
  }
  if (plan.method === 'ff') return ok({ newHead: head, mergeCommitSha: null, squashCommitSha });

  const mergeCommitSha = await commitTree(gitDir, {
    tree: merged.tree,
    parents: [targetHead, head],
    message: plan.message,
    author: plan.merger,
    committer: plan.merger,
  });
  return ok({ newHead: mergeCommitSha, mergeCommitSha, squashCommitSha });
}
