import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from './timeDuration';

describe('parseDuration', () => {
  it.each([
    ['1h 30m', 5400],
    ['30m', 1800],
    ['1d 2h', 8 * 3600 + 2 * 3600],
    ['1w', 5 * 8 * 3600],
    ['1mo', 4 * 5 * 8 * 3600],
    ['1.5h', 5400],
    ['-30m', -1800],
    ['  2h  ', 7200],
  ])('%j is %d seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each([[''], ['abc'], ['90'], ['1x'], ['1h abc'], ['h']])('%j is no duration', (text) => {
    expect(parseDuration(text)).toBeNull();
  });
});

describe('formatDuration', () => {
  it.each([
    [5400, '1h 30m'],
    [36000, '1d 2h'],
    [1800, '30m'],
    [-1800, '30m'],
    [4 * 5 * 8 * 3600 + 3600, '1mo 1h'],
    [0, '0m'],
  ])('%d seconds is %j', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
