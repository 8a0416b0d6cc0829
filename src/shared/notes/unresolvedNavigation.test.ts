import { describe, expect, it } from 'vitest';
import { jumpToUnresolved } from './unresolvedNavigation';

const thread = (id: string, resolved: boolean, resolvable = true) => ({ id, resolvable, resolved });
const threads = [
  thread('a', false),
  thread('b', true),
  thread('c', false),
  thread('n', false, false),
  thread('d', false),
];

describe('jump to unresolved thread (spec 001 §2.2)', () => {
  it.each<[string | null, 'next' | 'previous', string | null]>([
    [null, 'next', 'a'],
    [null, 'previous', 'd'],
    ['a', 'next', 'c'],
    ['b', 'next', 'c'],
    ['c', 'next', 'd'],
    ['d', 'next', 'a'],
    ['c', 'previous', 'a'],
    ['b', 'previous', 'a'],
    ['a', 'previous', 'd'],
  ])('from %s, %s goes to %s', (current, direction, target) => {
    expect(jumpToUnresolved(threads, current, direction)).toBe(target);
  });

  it('has nowhere to go when every thread is resolved', () => {
    expect(jumpToUnresolved([thread('a', true)], null, 'next')).toBeNull();
  });
});
