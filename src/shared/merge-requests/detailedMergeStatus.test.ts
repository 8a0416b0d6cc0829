import { describe, expect, it } from 'vitest';
import { detailedMergeStatus, type MergeabilityFacts } from './detailedMergeStatus';

const open: MergeabilityFacts = {
  state: 'opened',
  draft: false,
  mergeStatus: 'can_be_merged',
  sourceBranchExists: true,
  targetBranchExists: true,
  hasCommits: true,
  pipeline: 'inactive',
  needsRebase: false,
  discussionsNotResolved: false,
  dependencies: 'none',
  statusChecks: 'none',
  titleRegex: 'unset',
  approvals: 'inactive',
  requestedChanges: false,
};

describe('detailedMergeStatus', () => {
  it.each<[string, Partial<MergeabilityFacts>, string]>([
    ['an open, clean request', {}, 'mergeable'],
    ['a request a reviewer requested changes on', { requestedChanges: true }, 'requested_changes'],
    [
      'requested changes come before missing approvals, as GitLab checks them',
      { requestedChanges: true, approvals: 'not_approved' },
      'requested_changes',
    ],
    [
      'conflicts come before requested changes (git checks first)',
      { requestedChanges: true, mergeStatus: 'cannot_be_merged' },
      'conflict',
    ],
    ['a draft with requested changes', { draft: true, requestedChanges: true }, 'draft_status'],
    ['a closed request', { state: 'closed' }, 'not_open'],
    ['a merged request', { state: 'merged' }, 'not_open'],
    ['a locked request (a merge in progress)', { state: 'locked' }, 'not_open'],
    [
      'a closed draft with conflicts',
      { state: 'closed', draft: true, mergeStatus: 'cannot_be_merged' },
      'not_open',
    ],
    ['a draft', { draft: true }, 'draft_status'],
    ['a draft whose source branch is gone', { draft: true, sourceBranchExists: false }, 'draft_status'],
    ['a draft that needs a rebase', { draft: true, needsRebase: true }, 'draft_status'],
    ['a request whose source branch is gone', { sourceBranchExists: false }, 'broken_status'],
    ['a request whose target branch is gone', { targetBranchExists: false }, 'broken_status'],
    [
      'a request with a missing branch and conflicts',
      { sourceBranchExists: false, mergeStatus: 'cannot_be_merged' },
      'broken_status',
    ],
    ['a request without commits', { hasCommits: false }, 'commits_status'],
    [
      'a request with an open thread where threads must be resolved',
      { discussionsNotResolved: true },
      'discussions_not_resolved',
    ],
    ['a draft with an open thread', { draft: true, discussionsNotResolved: true }, 'draft_status'],
    [
      'an open thread with conflicts: threads come first, as in GitLab',
      { discussionsNotResolved: true, mergeStatus: 'cannot_be_merged' },
      'discussions_not_resolved',
    ],
    [
      'a request without commits whose branch is gone',
      { hasCommits: false, sourceBranchExists: false },
      'broken_status',
    ],
    ['a request that needs a pipeline that never ran', { pipeline: 'ci_must_pass' }, 'ci_must_pass'],
    [
      'a request that needs a pipeline and has conflicts',
      { pipeline: 'ci_must_pass', mergeStatus: 'cannot_be_merged' },
      'ci_must_pass',
    ],
    ['a request whose pipeline still runs', { pipeline: 'ci_still_running' }, 'ci_still_running'],
    ['a draft whose pipeline still runs', { pipeline: 'ci_still_running', draft: true }, 'draft_status'],
    ['a request whose required pipeline passed', { pipeline: 'passed' }, 'mergeable'],
    ['a request with conflicts', { mergeStatus: 'cannot_be_merged' }, 'conflict'],
    [
      'a request with conflicts that also needs a rebase',
      { mergeStatus: 'cannot_be_merged', needsRebase: true },
      'conflict',
    ],
    ['a request not checked yet', { mergeStatus: 'unchecked' }, 'unchecked'],
    [
      'a request not checked yet that needs a rebase',
      { mergeStatus: 'unchecked', needsRebase: true },
      'unchecked',
    ],
    ['a clean request behind its target in a fast-forward project', { needsRebase: true }, 'need_rebase'],
    ['a request whose dependency is not merged', { dependencies: 'unmerged' }, 'merge_request_blocked'],
    ['a request missing required approvals', { approvals: 'not_approved' }, 'not_approved'],
    ['an approved request', { approvals: 'approved' }, 'mergeable'],
    [
      'a request missing approvals and dependencies: approvals first',
      { approvals: 'not_approved', dependencies: 'unmerged' },
      'not_approved',
    ],
    [
      'a request missing approvals with conflicts',
      { approvals: 'not_approved', mergeStatus: 'cannot_be_merged' },
      'conflict',
    ],
    ['a request whose dependencies are all merged', { dependencies: 'merged' }, 'mergeable'],
    [
      'a blocked request with conflicts: git checks come first, as in GitLab',
      { dependencies: 'unmerged', mergeStatus: 'cannot_be_merged' },
      'conflict',
    ],
    ['a request with a pending status check', { statusChecks: 'pending' }, 'status_checks_must_pass'],
    ['a request with a failed status check', { statusChecks: 'failed' }, 'status_checks_must_pass'],
    ['a request whose status checks passed', { statusChecks: 'passed' }, 'mergeable'],
    [
      'a blocked request with a failed status check',
      { dependencies: 'unmerged', statusChecks: 'failed' },
      'merge_request_blocked',
    ],
    ['a title that does not match the project regex', { titleRegex: 'fails' }, 'title_regex'],
    ['a title that matches the project regex', { titleRegex: 'matches' }, 'mergeable'],
    [
      'a failed status check and a wrong title',
      { statusChecks: 'failed', titleRegex: 'fails' },
      'status_checks_must_pass',
    ],
    ['a draft with a wrong title', { draft: true, titleRegex: 'fails' }, 'draft_status'],
  ])('answers for %s', (_name, facts, expected) => {
    expect(detailedMergeStatus({ ...open, ...facts })).toBe(expected);
  });
});
