import { describe, expect, it } from 'vitest';
import { mergeRequestBadge } from './mergeRequestBadge';

describe('mergeRequestBadge', () => {
  it.each([
    [{ state: 'opened', draft: false }, 'pullOpened', 'Open'],
    [{ state: 'opened', draft: true }, 'draft', 'Draft'],
    [{ state: 'locked', draft: false }, 'pullOpened', 'Open'],
    [{ state: 'merged', draft: true }, 'pullMerged', 'Merged'],
    [{ state: 'closed', draft: false }, 'pullClosed', 'Closed'],
  ] as const)('labels %j as %s "%s"', (mr, status, text) => {
    expect(mergeRequestBadge(mr)).toEqual({ status, text });
  });
});
