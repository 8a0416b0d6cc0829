import { describe, expect, it } from 'vitest';
import { MERGE_CHECK_IDENTIFIERS, mergeCheckMessage, type MergeCheckIdentifier } from './mergeChecks';

describe('mergeCheckMessage', () => {
  it.each<[string, MergeCheckIdentifier, string | null]>([
    ['002 §8 NOT_OPEN: Merge request must be open.', 'NOT_OPEN', 'Merge request must be open.'],
    [
      '002 §8 DISCUSSIONS_NOT_RESOLVED: Open threads must be resolved.',
      'DISCUSSIONS_NOT_RESOLVED',
      'Open threads must be resolved.',
    ],
    [
      '002 §8 NOT_APPROVED: All required approvals must be given.',
      'NOT_APPROVED',
      'All required approvals must be given.',
    ],
    [
      '002 §8 DRAFT_STATUS: Merge request must not be draft.',
      'DRAFT_STATUS',
      'Merge request must not be draft.',
    ],
    [
      '002 §8 BLOCKED_STATUS: Merge request dependencies must be merged.',
      'BLOCKED_STATUS',
      'Merge request dependencies must be merged.',
    ],
    ['002 §8 CI_MUST_PASS: Pipeline must succeed.', 'CI_MUST_PASS', 'Pipeline must succeed.'],
    ['002 §8 CI_STILL_RUNNING: Pipeline must succeed.', 'CI_STILL_RUNNING', 'Pipeline must succeed.'],
    [
      '002 §8 TITLE_REGEX: Merge request title must match expected format.',
      'TITLE_REGEX',
      'Merge request title must match expected format.',
    ],
    [
      '002 §8 EXTERNAL_STATUS_CHECKS: Status checks must pass.',
      'EXTERNAL_STATUS_CHECKS',
      'Status checks must pass.',
    ],
    [
      '002 §8 REQUESTED_CHANGES: Change requests must be approved by the requesting user.',
      'REQUESTED_CHANGES',
      'Change requests must be approved by the requesting user.',
    ],
    ['000 §4 PREPARING is progress, no message', 'PREPARING', null],
    ['000 §4 MERGEABLE is no blocker, no message', 'MERGEABLE', null],
    ['000 §4 CHECKING is progress, no message', 'CHECKING', null],
    ['002 §8 CONFLICT: Merge conflicts must be resolved.', 'CONFLICT', 'Merge conflicts must be resolved.'],
    [
      '002 §8 NEED_REBASE: Merge request must be rebased, because a fast-forward merge is not possible.',
      'NEED_REBASE',
      'Merge request must be rebased, because a fast-forward merge is not possible.',
    ],
    [
      '002 §8 COMMITS_STATUS: Source branch exists and contains commits.',
      'COMMITS_STATUS',
      'Source branch exists and contains commits.',
    ],
  ])('%s', (_rule, identifier, expected) => {
    expect(mergeCheckMessage(identifier)).toBe(expected);
  });

  it('000 §3 knows the twelve identifiers of the spec, and GitLab’s five for the blockers of 002 §8', () => {
    expect(MERGE_CHECK_IDENTIFIERS.slice(0, 12)).toEqual([
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
    ]);
    expect(MERGE_CHECK_IDENTIFIERS.slice(12)).toEqual([
      'CONFLICT',
      'NEED_REBASE',
      'COMMITS_STATUS',
      'REQUESTED_CHANGES',
      'APPROVALS_SYNCING',
    ]);
  });
});
