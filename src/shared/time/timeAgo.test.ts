import { describe, expect, it } from 'vitest';
import { timeAgo } from './timeAgo';

const now = new Date(2026, 10, 25, 12, 0, 0);
const before = (ms: number) => new Date(now.getTime() - ms);
const s = 1000;
const min = 60 * s;
const h = 60 * min;
const d = 24 * h;

describe('timeAgo, as relative-time words it', () => {
  it.each([
    [0, 'now'],
    [9 * s, 'now'],
    [10 * s, '10 seconds ago'],
    [54 * s, '54 seconds ago'],
    [55 * s, '1 minute ago'],
    [90 * s, '2 minutes ago'],
    [54 * min, '54 minutes ago'],
    [55 * min, '1 hour ago'],
    [20 * h, '20 hours ago'],
    [21 * h, 'yesterday'],
    [36 * h, '2 days ago'],
    [6 * d, '6 days ago'],
    [7 * d, 'last week'],
    [20 * d, '3 weeks ago'],
    [30 * d, '4 weeks ago'],
  ])('%d ms ago reads "%s"', (ms, text) => {
    expect(timeAgo(before(ms), now)).toBe(text);
  });

  it('gives the date past 30 days, with the year only when it is another year', () => {
    expect(timeAgo(new Date(2026, 8, 3, 9), now)).toBe('on Sep 3');
    expect(timeAgo(new Date(2025, 10, 30, 9), now)).toBe('on Nov 30, 2025');
  });

  it('reads a date slightly ahead of this clock as now', () => {
    expect(timeAgo(new Date(now.getTime() + 3 * s), now)).toBe('now');
  });
});
