/**
 * Who decides whether a merge deletes the source branch, and with whose right (as GitLab's merge
 * service does): the merger, when they state a choice; otherwise the request's own choice (else
 * the project's `remove_source_branch_after_merge`), carried out as its author. Each "may remove"
 * already says no for a protected or default branch, so such a branch is never removed.
 */
export type SourceBranchRemovalFacts = {
  /** The merge's `should_remove_source_branch`; undefined when the merger stated none. */
  mergerChoice: boolean | undefined;
  /** The request's `should_remove_source_branch`, null when unset. */
  requestChoice: boolean | null;
  /** The project's `remove_source_branch_after_merge`, for a request that made no choice. */
  projectDefault: boolean;
  /** The merger may remove the branch (not protected, not the default branch, may push code). */
  mergerMayRemove: boolean;
  /** The request's author may, by the same rule: GitLab deletes a branch the request chose as its author. */
  authorMayRemove: boolean;
};

/**
 * The merger's own say: keeping the branch needs no right, deleting it needs theirs; a choice
 * they may not make is no choice, and leaves it to the request.
 */
export function mergerSourceBranchChoice(
  facts: Pick<SourceBranchRemovalFacts, 'mergerChoice' | 'mergerMayRemove'>,
): boolean | undefined {
  return facts.mergerChoice === true && !facts.mergerMayRemove ? undefined : facts.mergerChoice;
}

/** Whether the merge deletes the source branch. */
export function removesSourceBranchOnMerge(facts: SourceBranchRemovalFacts): boolean {
  return (
    mergerSourceBranchChoice(facts) ??
    ((facts.requestChoice ?? facts.projectDefault) && facts.authorMayRemove)
  );
}
