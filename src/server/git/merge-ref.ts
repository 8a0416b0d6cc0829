import { commitTree, mergeTree } from './merge';
import { isSha, readRef, updateRef, ZERO_SHA } from './repository';
import { gitText } from './run-git';

/** Where a merge request's would-be merge commit is kept, as GitLab keeps it. */
export const mergeRefOf = (iid: number): string => `refs/merge-requests/${iid}/merge`;

/**
 * The commit a merge of `sourceHead` into `targetHead` would make, for the Changes tab's HEAD
 * comparison ("previously merged commits" left out). It is written once per pair of heads and
 * kept under the request's merge ref, so blobs and context lines can be read at it like at any
 * commit; null when the two conflict.
 */
export async function writeMergeRef(
  gitDir: string,
  input: { iid: number; targetHead: string; sourceHead: string; date: Date },
): Promise<string | null> {
  const ref = mergeRefOf(input.iid);
  const current = await readRef(gitDir, ref);
  if (current && (await parentsOf(gitDir, current)) === `${input.targetHead} ${input.sourceHead}`) {
    return current;
  }
  const merged = await mergeTree(gitDir, input.targetHead, input.sourceHead);
  if (!merged.clean) return null;
  const person = { name: 'Mergeway', email: 'noreply@mergeway.invalid', date: input.date };
  const commit = await commitTree(gitDir, {
    tree: merged.tree,
    parents: [input.targetHead, input.sourceHead],
    message: `Merge ${input.sourceHead} into ${input.targetHead}\n`,
    author: person,
    committer: person,
  });
  // Another reader may have written the same pair meanwhile; either commit will do.
  await updateRef(gitDir, ref, commit, current ?? ZERO_SHA);
  return commit;
}

async function parentsOf(gitDir: string, commit: string): Promise<string> {
  const line = await gitText(gitDir, ['rev-list', '--parents', '-n', '1', '--end-of-options', commit]);
  const [sha, ...parents] = line.split(' ');
  return sha && isSha(sha) ? parents.join(' ') : '';
}
