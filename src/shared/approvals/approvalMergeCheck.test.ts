import { describe, expect, it } from 'vitest';
import { mergeCheckMessage } from '../merge-checks/mergeChecks';
import {
  approvalFacts,
  approvalsSyncing,
  APPROVALS_SYNC_TIMEOUT_MS,
  notApprovedCheck,
} from './approvalMergeCheck';

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

  it.each([
    ['no mark: not syncing', null, 0, false],
    ['a fresh mark: syncing', 0, 1000, true],
    ['a mark just under the timeout: syncing', 0, APPROVALS_SYNC_TIMEOUT_MS - 1, true],
    ['a mark a dead process left: stale, not syncing', 0, APPROVALS_SYNC_TIMEOUT_MS, false],
  ])('%s', (_rule, since, now, syncing) => {
    expect(approvalsSyncing(since === null ? null : new Date(since), new Date(now))).toBe(syncing);
  });

  it('a syncing check reads the spec text', () => {
    expect(mergeCheckMessage('APPROVALS_SYNCING')).toBe('The merge request approvals are currently syncing.');
  });
});
