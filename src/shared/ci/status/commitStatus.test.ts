import { describe, expect, it } from 'vitest';
import type { CiStatus } from './composite';
import { commitStatusMove, type CommitStatusState } from './commitStatus';

describe('commitStatusMove', () => {
  it.each<[CiStatus | null, CommitStatusState, string]>([
    [null, 'pending', 'create pending'],
    [null, 'success', 'create success'],
    ['success', 'running', 'create running'],
    ['failed', 'pending', 'create pending'],
    ['pending', 'running', 'update running'],
    ['pending', 'success', 'update success'],
    ['running', 'failed', 'update failed'],
    ['running', 'canceled', 'update canceled'],
    ['pending', 'skipped', 'update skipped'],
    ['created', 'running', 'update running'],
    [
      'running',
      'running',
      'Cannot transition status via :run from :running (Reason(s): Status cannot transition via "run")',
    ],
    [
      'pending',
      'pending',
      'Cannot transition status via :enqueue from :pending (Reason(s): Status cannot transition via "enqueue")',
    ],
    [
      'running',
      'skipped',
      'Cannot transition status via :skip from :running (Reason(s): Status cannot transition via "skip")',
    ],
    [
      'running',
      'pending',
      'Cannot transition status via :enqueue from :running (Reason(s): Status cannot transition via "enqueue")',
    ],
  ])('from %s, reporting %s: %s', (current, state, expected) => {
    const move = commitStatusMove(current, state);
    expect(move.kind === 'refused' ? move.message : `${move.kind} ${move.to}`).toBe(expected);
  });
});
