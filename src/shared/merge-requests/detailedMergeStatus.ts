import type { DetailedMergeStatus, MergeRequestState, MergeStatus } from '../api/mergeRequests';
import type { PipelineCheck } from '../merge-checks/pipelineCheck';

/** What the detailed merge status is decided from. */
export type MergeabilityFacts = {
  state: MergeRequestState;
  draft: boolean;
  mergeStatus: MergeStatus;
  sourceBranchExists: boolean;
  targetBranchExists: boolean;
  /** The latest diff version holds at least one commit. */
  hasCommits: boolean;
  /** The head pipeline against the project's "Pipelines must succeed" (shared/merge-checks/pipelineCheck). */
  pipeline: PipelineCheck;
  /** Fast-forward and semi-linear projects: the target head is not an ancestor of the source head. */
  needsRebase: boolean;
  /** The project requires every thread resolved, and one is not. */
  discussionsNotResolved: boolean;
  /** Merge request dependencies: none, all merged, or one still unmerged. */
  dependencies: 'none' | 'merged' | 'unmerged';
  /** External status checks that apply, for the head commit: none, all passed, or one pending or failed. */
  statusChecks: 'none' | 'passed' | 'pending' | 'failed';
  /** The project's title regex: not set, or whether the title matches it. */
  titleRegex: 'unset' | 'matches' | 'fails';
  /**
   * Approvals: none required (inactive), whether the required ones were given, or syncing while
   * a push's new head is being recorded (the state still describes the old head).
   */
  approvals: 'inactive' | 'approved' | 'not_approved' | 'syncing';
  /** A reviewer requested changes and has not approved since (GitLab's `has_changes_requested?`). */
  requestedChanges: boolean;
};

/**
 * GitLab's `detailed_merge_status`: the first check that fails names the status, in GitLab's
 * order (the request's own state first, cheapest first, then the checks that need git: conflicts,
 * then rebase). A merge request whose mergeability was not computed yet answers `unchecked`, as
 * GitLab's list does.
 */
export function detailedMergeStatus(facts: MergeabilityFacts): DetailedMergeStatus {
  if (facts.state !== 'opened') return 'not_open';
  if (facts.draft) return 'draft_status';
  if (!facts.sourceBranchExists || !facts.targetBranchExists) return 'broken_status';
  if (!facts.hasCommits) return 'commits_status';
  if (facts.pipeline === 'ci_must_pass' || facts.pipeline === 'ci_still_running') return facts.pipeline;
  if (facts.discussionsNotResolved) return 'discussions_not_resolved';
  switch (facts.mergeStatus) {
    case 'unchecked':
      return 'unchecked';
    case 'cannot_be_merged':
      return 'conflict';
    case 'can_be_merged':
      return facts.needsRebase ? 'need_rebase' : requirementsStatus(facts);
  }
}

/**
 * GitLab runs the checks of requested changes, approvals, dependencies, status checks and title
 * format after the git checks, requested changes first.
 */
function requirementsStatus(facts: MergeabilityFacts): DetailedMergeStatus {
  if (facts.requestedChanges) return 'requested_changes';
  if (facts.approvals === 'syncing') return 'approvals_syncing';
  if (facts.approvals === 'not_approved') return 'not_approved';
  if (facts.dependencies === 'unmerged') return 'merge_request_blocked';
  if (facts.statusChecks === 'pending' || facts.statusChecks === 'failed') return 'status_checks_must_pass';
  if (facts.titleRegex === 'fails') return 'title_regex';
  return 'mergeable';
}
