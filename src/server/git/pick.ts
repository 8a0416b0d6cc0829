import { err, ok, type Result } from '../../shared/lib/result';
import type { Commit, GitPerson } from './commits';
import { commitTree, mergeTree, type MergeTreeResult } from './merge';
import { gitText } from './run-git';

/**
 * A three-way merge of trees with the base given (git 2.39's merge-tree always computes its own):
 * two throwaway commits carrying `ours` and `theirs` on the single parent `base` have exactly that
 * base as their merge base. The throwaway commits are never referenced; git's gc removes them.
 */
export async function mergeTreesWithBase(
  gitDir: string,
  input: { base: string; ours: string; theirs: string; who: GitPerson },
): Promise<MergeTreeResult> {
  const standIn = (tree: string) =>
    commitTree(gitDir, {
      tree,
      parents: [input.base],
      message: 'merge\n',
      author: input.who,
      committer: input.who,
    });
  const [ours, theirs] = await Promise.all([standIn(input.ours), standIn(input.theirs)]);
  return mergeTree(gitDir, ours, theirs);
}

export const treeOf = (gitDir: string, commit: string) =>
  gitText(gitDir, ['rev-parse', '--verify', `${commit}^{tree}`]);

/** `conflict`: it does not apply cleanly; `empty`: it would change nothing (already reverted or picked). */
export type PickRefusal = 'conflict' | 'empty';

type PickInput = { commit: Commit; onto: string; message: string; author: GitPerson; committer: GitPerson };

/** Writes `onto` plus the change from `base` to `theirs`, as one commit on `onto`; moves no ref. */
async function applyChange(
  gitDir: string,
  input: PickInput & { base: string; theirs: string },
): Promise<Result<string, PickRefusal>> {
  const merged = await mergeTreesWithBase(gitDir, {
    base: input.base,
    ours: input.onto,
    theirs: input.theirs,
    who: input.committer,
  });
  if (!merged.clean) return err('conflict');
  if (merged.tree === (await treeOf(gitDir, input.onto))) return err('empty');
  return ok(
    await commitTree(gitDir, {
      tree: merged.tree,
      parents: [input.onto],
      message: input.message,
      author: input.author,
      committer: input.committer,
    }),
  );
}

/** `git revert -m 1` without a work tree: undoes `commit` (its change against its first parent) on `onto`. */
export async function revertOnto(gitDir: string, input: PickInput): Promise<Result<string, PickRefusal>> {
  const mainline = input.commit.parentShas[0];
  // A root commit has no parent to go back to: nothing a revert can be computed against.
  if (!mainline) return err('conflict');
  return applyChange(gitDir, { ...input, base: input.commit.sha, theirs: mainline });
}

/** `git cherry-pick -m 1` without a work tree: repeats `commit`'s change against its first parent on `onto`. */
export async function cherryPickOnto(gitDir: string, input: PickInput): Promise<Result<string, PickRefusal>> {
  const mainline = input.commit.parentShas[0];
  if (!mainline) return err('conflict');
  return applyChange(gitDir, { ...input, base: mainline, theirs: input.commit.sha });
}
