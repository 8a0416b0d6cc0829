import { describe, expect, it } from 'vitest';
import type { MergeabilityFacts } from '../merge-requests/detailedMergeStatus';
import { mergeabilityChecks } from './mergeabilityChecks';
import type { MergeCheckIdentifier, MergeCheckStatus } from './mergeChecks';

const open: MergeabilityFacts & { discussionsMustBeResolved: boolean } = {
  state: 'opened',
  draft: false,
  mergeStatus: 'can_be_merged',
  sourceBranchExists: true,
  targetBranchExists: true,
  hasCommits: true,
  pipeline: 'inactive',
  needsRebase: false,
  discussionsNotResolved: false,
  discussionsMustBeResolved: false,
  dependencies: 'none',
  statusChecks: 'none',
  titleRegex: 'unset',
  approvals: 'inactive',
  requestedChanges: false,
};

const statusOf = (facts: Partial<typeof open>, identifier: MergeCheckIdentifier) =>
  mergeabilityChecks({ ...open, ...facts }).find((check) => check.identifier === identifier)?.status;

describe('mergeabilityChecks', () => {
  it.each<[string, Partial<typeof open>, MergeCheckIdentifier, MergeCheckStatus]>([
    ['an open request passes NOT_OPEN', {}, 'NOT_OPEN', 'SUCCESS'],
    ['no approval required: NOT_APPROVED is inactive', {}, 'NOT_APPROVED', 'INACTIVE'],
    ['missing approvals fail NOT_APPROVED', { approvals: 'not_approved' }, 'NOT_APPROVED', 'FAILED'],
    ['given approvals pass NOT_APPROVED', { approvals: 'approved' }, 'NOT_APPROVED', 'SUCCESS'],
    ['no change request: REQUESTED_CHANGES passes', {}, 'REQUESTED_CHANGES', 'SUCCESS'],
    [
      'a reviewer’s change request fails REQUESTED_CHANGES',
      { requestedChanges: true },
      'REQUESTED_CHANGES',
      'FAILED',
    ],
    [
      'a merged request says nothing of change requests',
      { state: 'merged', requestedChanges: true },
      'REQUESTED_CHANGES',
      'INACTIVE',
    ],
    ['a closed request fails NOT_OPEN', { state: 'closed' }, 'NOT_OPEN', 'FAILED'],
    ['a draft fails DRAFT_STATUS', { draft: true }, 'DRAFT_STATUS', 'FAILED'],
    ['a ready request passes DRAFT_STATUS', {}, 'DRAFT_STATUS', 'SUCCESS'],
    [
      'a closed draft says nothing about being a draft',
      { state: 'closed', draft: true },
      'DRAFT_STATUS',
      'INACTIVE',
    ],
    [
      'threads are not checked unless the project requires it',
      { discussionsNotResolved: true },
      'DISCUSSIONS_NOT_RESOLVED',
      'INACTIVE',
    ],
    [
      'an open thread fails where the project requires resolution',
      { discussionsMustBeResolved: true, discussionsNotResolved: true },
      'DISCUSSIONS_NOT_RESOLVED',
      'FAILED',
    ],
    ['resolved threads pass', { discussionsMustBeResolved: true }, 'DISCUSSIONS_NOT_RESOLVED', 'SUCCESS'],
    [
      'a required pipeline that does not exist fails CI_MUST_PASS',
      { pipeline: 'ci_must_pass' },
      'CI_MUST_PASS',
      'FAILED',
    ],
    ['no pipeline requirement: CI_MUST_PASS is inactive', {}, 'CI_MUST_PASS', 'INACTIVE'],
    ['no pipeline requirement: CI_STILL_RUNNING is inactive', {}, 'CI_STILL_RUNNING', 'INACTIVE'],
    [
      'a failed pipeline passes CI_STILL_RUNNING',
      { pipeline: 'ci_must_pass' },
      'CI_STILL_RUNNING',
      'SUCCESS',
    ],
    [
      'a running pipeline fails CI_STILL_RUNNING',
      { pipeline: 'ci_still_running' },
      'CI_STILL_RUNNING',
      'FAILED',
    ],
    ['a running pipeline passes CI_MUST_PASS', { pipeline: 'ci_still_running' }, 'CI_MUST_PASS', 'SUCCESS'],
    ['a passed pipeline passes both', { pipeline: 'passed' }, 'CI_MUST_PASS', 'SUCCESS'],
    ['conflicts fail CONFLICT', { mergeStatus: 'cannot_be_merged' }, 'CONFLICT', 'FAILED'],
    ['a request git has not looked at yet is CHECKING', { mergeStatus: 'unchecked' }, 'CONFLICT', 'CHECKING'],
    [
      'a fast-forward project behind its target fails NEED_REBASE',
      { needsRebase: true },
      'NEED_REBASE',
      'FAILED',
    ],
    ['no commits fail COMMITS_STATUS', { hasCommits: false }, 'COMMITS_STATUS', 'FAILED'],
    ['no dependencies: BLOCKED_STATUS is inactive', {}, 'BLOCKED_STATUS', 'INACTIVE'],
    ['an unmerged dependency fails BLOCKED_STATUS', { dependencies: 'unmerged' }, 'BLOCKED_STATUS', 'FAILED'],
    ['merged dependencies pass BLOCKED_STATUS', { dependencies: 'merged' }, 'BLOCKED_STATUS', 'SUCCESS'],
    [
      'a merged request says nothing about its dependencies',
      { state: 'merged', dependencies: 'unmerged' },
      'BLOCKED_STATUS',
      'INACTIVE',
    ],
    ['no title regex: TITLE_REGEX is inactive', {}, 'TITLE_REGEX', 'INACTIVE'],
    ['a title that does not match fails TITLE_REGEX', { titleRegex: 'fails' }, 'TITLE_REGEX', 'FAILED'],
    ['a title that matches passes TITLE_REGEX', { titleRegex: 'matches' }, 'TITLE_REGEX', 'SUCCESS'],
    ['no status checks: EXTERNAL_STATUS_CHECKS is inactive', {}, 'EXTERNAL_STATUS_CHECKS', 'INACTIVE'],
    [
      'a pending status check fails EXTERNAL_STATUS_CHECKS',
      { statusChecks: 'pending' },
      'EXTERNAL_STATUS_CHECKS',
      'FAILED',
    ],
    [
      'a failed status check fails EXTERNAL_STATUS_CHECKS',
      { statusChecks: 'failed' },
      'EXTERNAL_STATUS_CHECKS',
      'FAILED',
    ],
    [
      'passed status checks pass EXTERNAL_STATUS_CHECKS',
      { statusChecks: 'passed' },
      'EXTERNAL_STATUS_CHECKS',
      'SUCCESS',
    ],
  ])('%s', (_rule, facts, identifier, expected) => {
    expect(statusOf(facts, identifier)).toBe(expected);
  });

  it('lists every identifier once', () => {
    const identifiers = mergeabilityChecks(open).map((check) => check.identifier);
    expect(new Set(identifiers).size).toBe(identifiers.length);
  });
});
