import { describe, expect, it } from 'vitest';
import { missingBranchTexts, type MissingBranchTexts } from './missingBranch';

describe('missingBranchTexts', () => {
  it.each<[string, boolean, MissingBranchTexts]>([
    [
      '§8 missing branch: the source branch',
      true,
      {
        message: 'The source branch feature/cart does not exist.',
        hint: 'Please restore it or use a different source branch.',
      },
    ],
    [
      '§8 missing branch: the target branch',
      false,
      {
        message: 'The target branch main does not exist.',
        hint: 'Please restore it or use a different target branch.',
      },
    ],
  ])('%s', (_rule, sourceBranchMissing, expected) => {
    expect(
      missingBranchTexts({ sourceBranchMissing, sourceBranch: 'feature/cart', targetBranch: 'main' }),
    ).toEqual(expected);
  });
});
