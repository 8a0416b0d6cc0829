import { describe, expect, it } from 'vitest';
import type { DiffsMetadata } from '../../../shared/api/diffs';
import { changeCommit, COMMIT_CHANGE_ERROR, neighbourCommit, type CommitDirection } from './commitNavigation';

const a = 'a'.repeat(40);
const b = 'b'.repeat(40);
const c = 'c'.repeat(40);
type Commit = NonNullable<DiffsMetadata['commit']>;
const middle: Commit = { id: b, short_id: 'bbbbbbbb', title: 'Middle', prev_commit_id: a, next_commit_id: c };
const first: Commit = { ...middle, id: a, prev_commit_id: null, next_commit_id: b };

describe('commit-to-commit navigation', () => {
  it.each<[string, Commit | null, CommitDirection, boolean, string | null]>([
    ['next from the middle', middle, 'next', false, c],
    ['previous from the middle', middle, 'previous', false, a],
    ['previous from the first commit', first, 'previous', false, null],
    ['next while the diff loads', middle, 'next', true, null],
    ['outside the commit view', null, 'next', false, null],
  ])('%s', (_name, commit, direction, loading, target) => {
    expect(neighbourCommit(commit, direction, loading)).toBe(target);
  });

  it('changes commit only with a commit to go to and a current commit', () => {
    expect(changeCommit(middle, c)).toEqual({ ok: true, value: c });
    expect(changeCommit(middle, null)).toEqual({ ok: false, error: COMMIT_CHANGE_ERROR });
    expect(changeCommit(null, c)).toEqual({ ok: false, error: COMMIT_CHANGE_ERROR });
  });
});
