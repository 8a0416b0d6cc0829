import { describe, expect, it } from 'vitest';
import { nextDiscussionsCursor, nextDiscussionsPageSize } from './discussionPages';

describe('discussion pages (spec 001 §9)', () => {
  it.each<[number | null, number]>([
    [null, 20],
    [20, 30],
    [30, 45],
    [45, 68],
    [68, 100],
    [100, 100],
  ])('after a page of %s comes a page of %i', (previous, next) => {
    expect(nextDiscussionsPageSize(previous)).toBe(next);
  });

  it.each<[string | null, string | null]>([
    ['abc', 'abc'],
    ['', null],
    [null, null],
  ])('x-next-page-cursor %s continues with %s', (header, cursor) => {
    expect(nextDiscussionsCursor(header)).toBe(cursor);
  });
});
