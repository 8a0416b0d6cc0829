import { describe, expect, it } from 'vitest';
import { commitsAddedText } from './commitsAdded';

describe('commitsAddedText', () => {
  it.each<[string, number, boolean, boolean, string]>([
    [
      '§9 a squash shows its one commit, the merge commit, and what it squashes',
      3,
      true,
      false,
      '1 commit and 1 merge commit will be added to main (squashes 3 commits).',
    ],
    [
      'without squash, the request’s own commits land with the merge commit',
      3,
      false,
      false,
      '3 commits and 1 merge commit will be added to main.',
    ],
    ['one commit is singular', 1, false, false, '1 commit and 1 merge commit will be added to main.'],
    [
      'a squash of a single commit says so',
      1,
      true,
      false,
      '1 commit and 1 merge commit will be added to main (squashes 1 commit).',
    ],
    ['a fast-forward adds no merge commit', 2, false, true, '2 commits will be added to main.'],
    [
      'a fast-forward with squash lands the one squash commit',
      4,
      true,
      true,
      '1 commit will be added to main (squashes 4 commits).',
    ],
  ])('%s', (_rule, commitsCount, squash, fastForward, expected) => {
    expect(commitsAddedText({ commitsCount, squash, fastForward, targetBranch: 'main' })).toBe(expected);
  });
});
