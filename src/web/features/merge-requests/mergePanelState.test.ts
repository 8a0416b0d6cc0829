import { describe, expect, it } from 'vitest';
import { mergeErrorText, mergePanelState } from './mergePanelState';

const open = {
  state: 'opened',
  detailed_merge_status: 'mergeable',
  user: { can_merge: true },
  source_branch: 'fix/empty-cart',
  target_branch: 'main',
  source_branch_exists: true,
} as const;

describe('mergePanelState', () => {
  it.each([
    ['a mergeable request the viewer may merge', {}, { kind: 'ready' }],
    [
      'a mergeable request the viewer may not merge',
      { user: { can_merge: false } },
      { kind: 'ready_for_others' },
    ],
    [
      'a request with conflicts',
      { detailed_merge_status: 'conflict' },
      { kind: 'blocked', reason: 'Merge conflicts must be resolved.' },
    ],
    [
      'a request behind its fast-forward target',
      { detailed_merge_status: 'need_rebase' },
      {
        kind: 'blocked',
        reason: 'Merge request must be rebased, because a fast-forward merge is not possible.',
      },
    ],
    [
      'a request whose source branch is gone',
      { detailed_merge_status: 'broken_status', source_branch_exists: false },
      { kind: 'blocked', reason: 'The source branch fix/empty-cart does not exist.' },
    ],
    ['a merged request', { state: 'merged', detailed_merge_status: 'not_open' }, { kind: 'merged' }],
    ['a request being merged', { state: 'locked', detailed_merge_status: 'not_open' }, { kind: 'merging' }],
    ['a closed request', { state: 'closed', detailed_merge_status: 'not_open' }, { kind: 'none' }],
  ] as const)('shows %s', (_name, facts, expected) => {
    expect(mergePanelState({ ...open, ...facts })).toEqual(expected);
  });
});

describe('mergeErrorText', () => {
  it.each([
    ['The target branch changed while merging', 'The target branch changed while merging. Try again.'],
    ['Merge conflicts must be resolved.', 'Merge conflicts must be resolved. Try again.'],
  ])('words %s', (error, text) => {
    expect(mergeErrorText(error)).toBe(text);
  });
});
