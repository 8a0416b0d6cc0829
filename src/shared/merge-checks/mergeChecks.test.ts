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
    ['000 §4 PREPARING is progress, no message', 'PREPARING', null],
    ['000 §4 MERGEABLE is no blocker, no message', 'MERGEABLE', null],
    ['000 §4 CHECKING is progress, no message', 'CHECKING', null],
  ])('%s', (_rule, identifier, expected) => {
    expect(mergeCheckMessage(identifier)).toBe(expected);
  });

  it('000 §3 knows the twelve identifiers of the spec', () => {
    expect(MERGE_CHECK_IDENTIFIERS).toHaveLength(12);
  });
});
