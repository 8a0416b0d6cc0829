import type { DetailedMergeStatus, MergeRequestState, MergeStatus } from '../api/mergeRequests';

/** What the detailed merge status is decided from, at this stage (no pipelines, approvals or threads yet). */
export type MergeabilityFacts = {
  state: MergeRequestState;
  draft: boolean;
  mergeStatus: MergeStatus;
  sourceBranchExists: boolean;
  targetBranchExists: boolean;
};

/**
 * GitLab's `detailed_merge_status`: the first check that fails names the status, in GitLab's
 * order (open, then draft, then broken branches, then conflicts). A merge request whose
 * mergeability was not computed yet answers `unchecked`, as GitLab's list does.
 */
export function detailedMergeStatus(facts: MergeabilityFacts): DetailedMergeStatus {
  if (facts.state !== 'opened') return 'not_open';
  if (facts.draft) return 'draft_status';
  if (!facts.sourceBranchExists || !facts.targetBranchExists) return 'broken_status';
  switch (facts.mergeStatus) {
    case 'unchecked':
      return 'unchecked';
    case 'cannot_be_merged':
      return 'conflict';
    case 'can_be_merged':
      return 'mergeable';
  }
}
