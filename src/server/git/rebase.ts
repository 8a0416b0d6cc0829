import { err, ok, type Result } from '../../shared/lib/result';
import { readCommits, type GitPerson } from './commits';
import { commitTree, mergeTree } from './merge';
import { isSha, mergeBase } from './repository';
import { gitText } from './run-git';

export type RebaseRefusal = 'conflict' | 'unrelated_histories';

/**
 * Cherry-picks `commit` onto `onto` without a work tree. git 2.39's merge-tree cannot be told a
 * merge base, so it is given one: a throwaway commit with `onto`'s tree whose only parent is
 * `commit`'s parent. Their merge base is then exactly that parent, which makes the three-way merge
 * a cherry-pick (the throwaway commit is never referenced, and git's gc removes it).
 */
async function pickTree(gitDir: string, commit: string, parent: string, onto: string, who: GitPerson) {
  const standIn = await commitTree(gitDir, {
    tree: onto,
    parents: [parent],
    message: 'rebase\n',
    author: who,
    committer: who,
  });
  return mergeTree(gitDir, standIn, commit);
}

const treeOf = (gitDir: string, commit: string) =>
  gitText(gitDir, ['rev-parse', '--verify', `${commit}^{tree}`]);

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
    const picked = await pickTree(gitDir, sha, parent, newHead, input.committer);
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
