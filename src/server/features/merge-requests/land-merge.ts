import type { Result } from '../../../shared/lib/result';
import type { MergePlan, MergeRefusal, PreparedMerge, prepareMerge } from '../../git/merge';
import { ZERO_SHA, branchHeads, branchRef, type updateRefs } from '../../git/repository';

/** The git steps of a merge: injectable, so tests can move a branch between them. */
export type MergeGit = {
  prepareMerge: typeof prepareMerge;
  updateRefs: typeof updateRefs;
};

/**
 * How many times a merge is computed for a target that other merges keep moving. Each round of
 * merges racing for one target lands at least one of them, so this many merges started at the
 * same moment all land.
 */
export const MAX_MERGE_ATTEMPTS = 10;

/** The commits a merge wrote for the heads it checked, and how it wrote them (to write them again). */
export type WrittenMerge = { plan: MergePlan; result: Result<PreparedMerge, MergeRefusal> };

export type LandingFailure = MergeRefusal | 'source_moved' | 'target_moved';

export type Landing =
  { ok: true; targetHead: string; merged: PreparedMerge } | { ok: false; failure: LandingFailure };

export type LandingInput = {
  gitDir: string;
  targetBranch: string;
  sourceBranch: string;
  /** The source branch goes in the same ref transaction. */
  removeSource: boolean;
  written: WrittenMerge;
  /**
   * Records what the target is about to move to, before it moves: a merge cut short after the
   * ref moved is then settled as merged by the commit it wrote.
   */
  beforeMove: (newHead: string) => Promise<void>;
};

/**
 * Moves the target branch to the merge's commits by compare-and-swap, with the source branch held
 * (or removed) in the same transaction. A target that another merge or a push moved meanwhile is
 * not an error: the merge is computed again on the new target (the merge method's rules apply to
 * it: a fast-forward or semi-linear merge now needs a rebase, a conflict is a conflict) and tried
 * again, up to MAX_MERGE_ATTEMPTS times. A moved source ends the merge.
 */
export async function landMerge(git: MergeGit, input: LandingInput): Promise<Landing> {
  const { gitDir, written } = input;
  const targetRef = branchRef(input.targetBranch);
  const sourceRef = branchRef(input.sourceBranch);
  const { sourceHead } = written.plan;
  let { targetHead } = written.plan;
  let result = written.result;
  for (let attempt = 1; ; attempt++) {
    if (!result.ok) return { ok: false, failure: result.error };
    const moved = await git.updateRefs(gitDir, [
      { ref: targetRef, oldSha: targetHead, newSha: result.value.newHead },
      { ref: sourceRef, oldSha: sourceHead, newSha: input.removeSource ? ZERO_SHA : sourceHead },
    ]);
    if (moved) return { ok: true, targetHead, merged: result.value };
    const [targetNow, sourceNow] = await branchHeads(gitDir, [input.targetBranch, input.sourceBranch]);
    if (sourceNow !== sourceHead) return { ok: false, failure: 'source_moved' };
    if (targetNow === null) return { ok: false, failure: 'target_moved' };
    if (attempt >= MAX_MERGE_ATTEMPTS)
      return { ok: false, failure: targetNow === targetHead ? 'source_moved' : 'target_moved' };
    // Neither moved (another process held the ref a moment): the same commits are tried again.
    if (targetNow === targetHead) continue;
    targetHead = targetNow;
    result = await git.prepareMerge(gitDir, { ...written.plan, targetHead });
    if (result.ok) await input.beforeMove(result.value.newHead);
  }
}
