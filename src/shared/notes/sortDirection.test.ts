import { describe, expect, it } from 'vitest';
import { parseSortDirection, sortDirectionKey, sortDiscussions, type SortDirection } from './sortDirection';

describe('sort direction (spec 001 §4)', () => {
  it.each([
    ['MergeRequest', 'sort_direction_MergeRequest'],
    ['Issue', 'sort_direction_Issue'],
  ] as const)('persists %s under %s', (type, key) => {
    expect(sortDirectionKey(type)).toBe(key);
  });

  it.each<[string | null, SortDirection]>([
    [null, 'asc'],
    ['asc', 'asc'],
    ['desc', 'desc'],
    ['sideways', 'asc'],
  ])('stored %s reads as %s', (stored, direction) => {
    expect(parseSortDirection(stored)).toBe(direction);
  });

  const thread = (id: string, created_at: string) => ({ id, notes: [{ created_at }] });
  const threads = [thread('b', '2026-01-02'), thread('a', '2026-01-01'), thread('c', '2026-01-03')];

  it.each<[SortDirection, string[]]>([
    ['asc', ['a', 'b', 'c']],
    ['desc', ['c', 'b', 'a']],
  ])('orders threads %s by their first note', (direction, order) => {
    expect(sortDiscussions(threads, direction).map((t) => t.id)).toEqual(order);
  });
});
