import { SQUASH_COMMIT_COUNT } from './mergeValidation';

const commits = (count: number): string => `${count} ${count === 1 ? 'commit' : 'commits'}`;

/**
 * What a merge adds to the target, as GitLab's ready-to-merge panel says it: "1 commit and 1 merge
 * commit will be added to main (squashes 3 commits)." A squash lands one commit (spec 000 §9's
 * squash commit count), a fast-forward adds no merge commit, and otherwise the request's commits
 * land as they are.
 */
export function commitsAddedText(facts: {
  commitsCount: number;
  squash: boolean;
  fastForward: boolean;
  targetBranch: string;
}): string {
  const landed = commits(facts.squash ? SQUASH_COMMIT_COUNT : facts.commitsCount);
  const added = facts.fastForward ? landed : `${landed} and 1 merge commit`;
  const squashes = facts.squash ? ` (squashes ${commits(facts.commitsCount)})` : '';
  return `${added} will be added to ${facts.targetBranch}${squashes}.`;
}
