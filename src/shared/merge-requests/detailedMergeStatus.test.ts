import { describe, expect, it } from 'vitest';
import { detailedMergeStatus, type MergeabilityFacts } from './detailedMergeStatus';

const open: MergeabilityFacts = {
  state: 'opened',
  draft: false,
  mergeStatus: 'can_be_merged',
  sourceBranchExists: true,
  targetBranchExists: true,
};

describe('detailedMergeStatus', () => {
  it.each<[string, Partial<MergeabilityFacts>, string]>([
    ['an open, clean request', {}, 'mergeable'],
    ['a closed request', { state: 'closed' }, 'not_open'],
    ['a merged request', { state: 'merged' }, 'not_open'],
    ['a locked request', { state: 'locked' }, 'not_open'],
    [
      'a closed draft with conflicts',
      { state: 'closed', draft: true, mergeStatus: 'cannot_be_merged' },
      'not_open',
    ],
    ['a draft', { draft: true }, 'draft_status'],
    ['a draft whose source branch is gone', { draft: true, sourceBranchExists: false }, 'draft_status'],
    ['a request whose source branch is gone', { sourceBranchExists: false }, 'broken_status'],
    ['a request whose target branch is gone', { targetBranchExists: false }, 'broken_status'],
    [
      'a request with a missing branch and conflicts',
      { sourceBranchExists: false, mergeStatus: 'cannot_be_merged' },
      'broken_status',
    ],
    ['a request with conflicts', { mergeStatus: 'cannot_be_merged' }, 'conflict'],
    ['a request not checked yet', { mergeStatus: 'unchecked' }, 'unchecked'],
  ])('answers for %s', (_name, facts, expected) => {
    expect(detailedMergeStatus({ ...open, ...facts })).toBe(expected);
  });
});
