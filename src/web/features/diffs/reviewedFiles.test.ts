import { describe, expect, it } from 'vitest';
import { parseReviewed, reviewedStorageKey, serializeReviewed, toggleReviewed } from './reviewedFiles';

describe('reviewed files in local storage', () => {
  it('keys the set by merge request', () => {
    expect(reviewedStorageKey('group/app', 7)).toBe('/group/app/-/merge_requests/7-file-reviews');
  });

  it.each([
    [null, []],
    ['', []],
    ['not json', []],
    ['{"a":1}', []],
    ['["a", 1, "b"]', ['a', 'b']],
  ])('reads %j as %j', (stored, hashes) => {
    expect([...parseReviewed(stored)]).toEqual(hashes);
  });

  it('marks and unmarks a file and round-trips', () => {
    const marked = toggleReviewed(new Set(['b']), 'a', true);
    expect(serializeReviewed(marked)).toBe('["a","b"]');
    expect([...toggleReviewed(parseReviewed(serializeReviewed(marked)), 'b', false)]).toEqual(['a']);
  });
});
