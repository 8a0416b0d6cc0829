import { err, ok, type Result } from '../../shared/lib/result';
import { readCommits, type GitPerson } from './commits';
import { commitTree } from './merge';
import { mergeTreesWithBase, treeOf } from './pick';
import { isSha, mergeBase } from './repository';
import { gitText } from './run-git';

export type RebaseRefusal = 'conflict' | 'unrelated_histories';

/**
 * Replays the commits of `head` that `onto` lacks, oldest first, onto `onto`, as `git rebase`
 * does: merge commits are dropped, commits that become empty are skipped, authors are kept and
 * `committer` commits. Writes objects only; the caller moves the branch (compare-and-swap).
 */
export async function rebaseOnto(
  gitDir: string,
  input: { onto: string; head: string; committer: GitPerson },
): Promise<Result<{ newHead: string }, RebaseRefusal>> {
  const base = await mergeBase(gitDir, input.onto, input.head);
  if (!base) return err('unrelated_histories');
  if (base === input.onto) return ok({ newHead: input.head });
  const listed = await gitText(gitDir, [
    'rev-list',
    '--reverse',
    '--no-merges',
    '--topo-order',
    '--end-of-options',
    input.head,
    `^${input.onto}`,
  ]);
  const shas = listed.split('\n').filter(isSha);
  const commits = await readCommits(gitDir, shas);
  let newHead = input.onto;
  let newTree = await treeOf(gitDir, newHead);
  for (const sha of shas) {
    const commit = commits.get(sha);
    const parent = commit?.parentShas[0];
    if (!commit || !parent) return err('conflict');
    const picked = await mergeTreesWithBase(gitDir, {
      base: parent,
      ours: newHead,
      theirs: sha,
      who: input.committer,
    });
    if (!picked.clean) return err('conflict');
    if (picked.tree === newTree) continue;
    newHead = await commitTree(gitDir, {
      tree: picked.tree,
      parents: [newHead],
      message: `${commit.message}\n`,
      author: commit.author,
      committer: input.committer,
    });
    newTree = picked.tree;
  }
  return ok({ newHead });
}
