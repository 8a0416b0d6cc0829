import type { MergeabilityFacts } from '../merge-requests/detailedMergeStatus';
import type { MergeCheck, MergeCheckStatus } from './mergeChecks';

const passOrFail = (blocked: boolean): MergeCheckStatus => (blocked ? 'FAILED' : 'SUCCESS');

/**
 * The merge checks the widget lists (GitLab's `mergeabilityChecks`), each with its status. Checks
 * of features a request or project does not use are INACTIVE, so the list hides them: pipelines
 * where the project does not require one to succeed, approvals where none are required, and dependencies, title format and status checks where none are set. A
 * pending status check fails like a failed one, as GitLab's does. Checks that need the
 * request open only say something about an open request.
 */
export function mergeabilityChecks(
  facts: MergeabilityFacts & { discussionsMustBeResolved: boolean },
): MergeCheck[] {
  const open = facts.state === 'opened';
  const whenOpen = (blocked: boolean): MergeCheckStatus => (open ? passOrFail(blocked) : 'INACTIVE');
  const gitChecked = facts.mergeStatus !== 'unchecked';
  return [
    { identifier: 'NOT_OPEN', status: passOrFail(!open) },
    { identifier: 'DRAFT_STATUS', status: whenOpen(facts.draft) },
    { identifier: 'COMMITS_STATUS', status: whenOpen(!facts.hasCommits) },
    {
      identifier: 'DISCUSSIONS_NOT_RESOLVED',
      status: facts.discussionsMustBeResolved ? whenOpen(facts.discussionsNotResolved) : 'INACTIVE',
    },
    {
      identifier: 'CI_MUST_PASS',
      status: facts.pipeline === 'inactive' ? 'INACTIVE' : whenOpen(facts.pipeline === 'ci_must_pass'),
    },
    {
      identifier: 'CI_STILL_RUNNING',
      status: facts.pipeline === 'inactive' ? 'INACTIVE' : whenOpen(facts.pipeline === 'ci_still_running'),
    },
    // Always active, as GitLab's: any reviewer may request changes on any request.
    { identifier: 'REQUESTED_CHANGES', status: whenOpen(facts.requestedChanges) },
    {
      identifier: 'NOT_APPROVED',
      status:
        facts.approvals === 'inactive'
          ? 'INACTIVE'
          : facts.approvals === 'syncing' && open
            ? 'CHECKING'
            : whenOpen(facts.approvals === 'not_approved'),
    },
    {
      identifier: 'APPROVALS_SYNCING',
      status: facts.approvals === 'inactive' ? 'INACTIVE' : whenOpen(facts.approvals === 'syncing'),
    },
    {
      identifier: 'BLOCKED_STATUS',
      status: facts.dependencies === 'none' ? 'INACTIVE' : whenOpen(facts.dependencies === 'unmerged'),
    },
    {
      identifier: 'TITLE_REGEX',
      status: facts.titleRegex === 'unset' ? 'INACTIVE' : whenOpen(facts.titleRegex === 'fails'),
    },
    {
      identifier: 'EXTERNAL_STATUS_CHECKS',
      status: facts.statusChecks === 'none' ? 'INACTIVE' : whenOpen(facts.statusChecks !== 'passed'),
    },
    {
      identifier: 'CONFLICT',
      status: !open
        ? 'INACTIVE'
        : gitChecked
          ? passOrFail(facts.mergeStatus === 'cannot_be_merged')
          : 'CHECKING',
    },
    { identifier: 'NEED_REBASE', status: whenOpen(facts.needsRebase) },
  ];
}
