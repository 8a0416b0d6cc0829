import { describe, expect, it } from 'vitest';
import { mergeCheckMessage } from '../merge-checks/mergeChecks';
import { approvalFacts, notApprovedCheck } from './approvalMergeCheck';

describe('notApprovedCheck', () => {
  it.each<[string, boolean, 'full' | 'base', 'SUCCESS' | 'FAILED']>([
    ['approved: passes', true, 'full', 'SUCCESS'],
    ['not approved: fails', false, 'full', 'FAILED'],
    ['basic approvals never block', false, 'base', 'SUCCESS'],
  ])('%s', (_rule, approved, mode, status) => {
    expect(notApprovedCheck({ approved }, mode)).toEqual({ identifier: 'NOT_APPROVED', status });
  });

  it('a failed check reads "All required approvals must be given."', () => {
    expect(mergeCheckMessage(notApprovedCheck({ approved: false }, 'full').identifier)).toBe(
      'All required approvals must be given.',
    );
  });

  it('gives the auto-merge strategy its two facts', () => {
    expect(approvalFacts({ approvalNeeded: true, approved: false })).toEqual({
      approvalsAvailable: true,
      approved: false,
    });
  });
});
