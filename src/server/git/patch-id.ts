import { runGit } from './run-git';

/**
 * The patch-id (`git patch-id --stable`) of the diff from `base` to `head`: the same for any two
 * diffs that change the same lines, whatever commits hold them, so a rebase onto a moved target
 * that leaves the merge request's changes as they were keeps it. Null for an empty diff.
 */
export async function diffPatchId(gitDir: string, base: string, head: string): Promise<string | null> {
  const diff = await runGit(gitDir, [
    'diff',
    '--no-color',
    '--no-ext-diff',
    '--full-index',
    '--end-of-options',
    base,
    head,
    '--',
  ]);
  if (diff.stdout.length === 0) return null;
  const ids = await runGit(gitDir, ['patch-id', '--stable'], { input: diff.stdout });
  const [patchId] = ids.stdout.toString('utf8').trim().split(' ');
  return patchId || null;
}
