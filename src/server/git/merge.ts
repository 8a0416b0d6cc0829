import { runGit } from './run-git';
import { isSha } from './repository';

export type MergeTreeResult = { clean: true; tree: string } | { clean: false };

/**
 * Merges two commits in memory (`git merge-tree --write-tree`): exit 0 writes the merged tree,
 * exit 1 means conflicts. No work tree, no ref moves.
 */
export async function mergeTree(gitDir: string, ours: string, theirs: string): Promise<MergeTreeResult> {
  const result = await runGit(
    gitDir,
    ['merge-tree', '--write-tree', '--no-messages', '--name-only', '--end-of-options', ours, theirs],
    { okCodes: [1] },
  );
  if (result.code === 1) return { clean: false };
  const tree = result.stdout.toString('utf8').split('\n', 1)[0] ?? '';
  if (!isSha(tree)) throw new Error(`merge-tree wrote no tree for ${ours} and ${theirs}`);
  return { clean: true, tree };
}
