import { assertNever } from '../lib/assertNever';

/** The mergeability check identifiers, as the spec lists them. */
export const MERGE_CHECK_IDENTIFIERS = [
  'PREPARING',
  'MERGEABLE',
  'CHECKING',
  'NOT_OPEN',
  'DISCUSSIONS_NOT_RESOLVED',
  'NOT_APPROVED',
  'DRAFT_STATUS',
  'BLOCKED_STATUS',
  'CI_MUST_PASS',
  'TITLE_REGEX',
  'CI_STILL_RUNNING',
  'EXTERNAL_STATUS_CHECKS',
  // GitLab's own identifiers for the checks 002 section 8 words as blockers.
  'CONFLICT',
  'NEED_REBASE',
  'COMMITS_STATUS',
  'REQUESTED_CHANGES',
  'APPROVALS_SYNCING',
] as const;
export type MergeCheckIdentifier = (typeof MERGE_CHECK_IDENTIFIERS)[number];

export const MERGE_CHECK_STATUSES = ['INACTIVE', 'CHECKING', 'FAILED', 'WARNING', 'SUCCESS'] as const;
export type MergeCheckStatus = (typeof MERGE_CHECK_STATUSES)[number];

export type MergeCheck = { identifier: MergeCheckIdentifier; status: MergeCheckStatus };

/** Every merge blocker message of the spec (002 §8), word for word, including the final periods. */
export const MERGE_BLOCKER_MESSAGES = {
  pipelineMustSucceed: 'Pipeline must succeed.',
  conflicts: 'Merge conflicts must be resolved.',
  threads: 'Open threads must be resolved.',
  draft: 'Merge request must not be draft.',
  open: 'Merge request must be open.',
  rebase: 'Merge request must be rebased, because a fast-forward merge is not possible.',
  approvals: 'All required approvals must be given.',
  dependencies: 'Merge request dependencies must be merged.',
  statusChecks: 'Status checks must pass.',
  jira: 'Either the title or description must reference a Jira issue.',
  requestedChanges: 'Change requests must be approved by the requesting user.',
  approvalsSyncing: 'The merge request approvals are currently syncing.',
  lockedPaths: 'All paths must be unlocked',
  lockedLfsFiles: 'All LFS files must be unlocked.',
  policies: 'All policy rules must be satisfied.',
  mergeTime: 'Cannot merge until this date and time.',
  titleRegex: 'Merge request title must match expected format.',
  commits: 'Source branch exists and contains commits.',
} as const;

/**
 * The blocker message a check shows, or `null` for the identifiers that describe progress rather
 * than a requirement (PREPARING, MERGEABLE, CHECKING): those have no message and stay hidden.
 * CI_STILL_RUNNING blocks for the same reason as CI_MUST_PASS: the pipeline has not succeeded yet.
 */
export function mergeCheckMessage(identifier: MergeCheckIdentifier): string | null {
  switch (identifier) {
    case 'PREPARING':
    case 'MERGEABLE':
    case 'CHECKING':
      return null;
    case 'NOT_OPEN':
      return MERGE_BLOCKER_MESSAGES.open;
    case 'DISCUSSIONS_NOT_RESOLVED':
      return MERGE_BLOCKER_MESSAGES.threads;
    case 'NOT_APPROVED':
      return MERGE_BLOCKER_MESSAGES.approvals;
    case 'DRAFT_STATUS':
      return MERGE_BLOCKER_MESSAGES.draft;
    case 'BLOCKED_STATUS':
      return MERGE_BLOCKER_MESSAGES.dependencies;
    case 'CI_MUST_PASS':
    case 'CI_STILL_RUNNING':
      return MERGE_BLOCKER_MESSAGES.pipelineMustSucceed;
    case 'TITLE_REGEX':
      return MERGE_BLOCKER_MESSAGES.titleRegex;
    case 'EXTERNAL_STATUS_CHECKS':
      return MERGE_BLOCKER_MESSAGES.statusChecks;
    case 'CONFLICT':
      return MERGE_BLOCKER_MESSAGES.conflicts;
    case 'NEED_REBASE':
      return MERGE_BLOCKER_MESSAGES.rebase;
    case 'COMMITS_STATUS':
      return MERGE_BLOCKER_MESSAGES.commits;
    case 'REQUESTED_CHANGES':
      return MERGE_BLOCKER_MESSAGES.requestedChanges;
    case 'APPROVALS_SYNCING':
      return MERGE_BLOCKER_MESSAGES.approvalsSyncing;
    default:
      return assertNever(identifier);
  }
}
