export type MissingBranchTexts = { message: string; hint: string };

/**
 * The missing-branch panel. A missing source branch is named first: it is the one the author can
 * restore; a missing target is named only when the source exists.
 */
export function missingBranchTexts(facts: {
  sourceBranchMissing: boolean;
  sourceBranch: string;
  targetBranch: string;
}): MissingBranchTexts {
  const type = facts.sourceBranchMissing ? 'source' : 'target';
  const name = facts.sourceBranchMissing ? facts.sourceBranch : facts.targetBranch;
  return {
    message: `The ${type} branch ${name} does not exist.`,
    hint: `Please restore it or use a different ${type} branch.`,
  };
}
