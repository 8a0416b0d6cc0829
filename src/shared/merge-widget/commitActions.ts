/** The merged panel's Revert and Cherry-pick. */
export const COMMIT_ACTIONS = ['revert', 'cherry_pick'] as const;
export type CommitActionName = (typeof COMMIT_ACTIONS)[number];

/** What the merged panel says when the commit went straight onto a branch. */
export const commitActionDone = (action: CommitActionName, branch: string): string =>
  action === 'revert'
    ? 'The merge request has been successfully reverted.'
    : `The merge request has been successfully cherry-picked into ${branch}.`;
