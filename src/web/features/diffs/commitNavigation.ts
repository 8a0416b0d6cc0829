import type { DiffsMetadata } from '../../../shared/api/diffs';
import { err, ok, type Result } from '../../../shared/lib/result';

type Commit = NonNullable<DiffsMetadata['commit']>;
export type CommitDirection = 'previous' | 'next';

/** GitLab's message when a commit change lacks the commit to go to, or the commit it leaves. */
export const COMMIT_CHANGE_ERROR = 'Change of commit requires a commit id and an existing current commit';

/**
 * The commit a previous / next button leads to: only when nothing is loading and the shown
 * commit has a neighbour that way (spec 4, batch loading); null keeps the button disabled.
 */
export function neighbourCommit(
  commit: Commit | null,
  direction: CommitDirection,
  loading: boolean,
): string | null {
  if (loading || !commit) return null;
  return (direction === 'next' ? commit.next_commit_id : commit.prev_commit_id) ?? null;
}

/** Changing the commit shown needs a commit to go to and a commit being shown, as GitLab checks. */
export function changeCommit(current: Commit | null, commitId: string | null): Result<string> {
  if (!commitId || !current?.id) return err(COMMIT_CHANGE_ERROR);
  return ok(commitId);
}
