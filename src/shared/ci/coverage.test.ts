import { describe, expect, it } from 'vitest';
import { extractCoverage } from './coverage';

describe('job coverage from its log', () => {
  it.each([
    ['a plain percentage', 'Coverage: 81.236%\n', '/Coverage: \\d+\\.\\d+%/', 81.24],
    ['the last matching line wins', 'Coverage: 10%\nCoverage: 20%\n', '/Coverage: \\d+%/', 20],
    ['the group of the match', 'Lines: 3 of 4 (75.00%)', '/\\((\\d+\\.\\d+)%\\)/', 75],
    ['no line matches', 'all good\n', '/Coverage: \\d+%/', null],
    ['no regex', 'Coverage: 10%', undefined, null],
    ['a regex RE2 refuses', 'Coverage: 10%', '/(?=Coverage)\\d+/', null],
  ])('%s', (_, log, regex, expected) => {
    expect(extractCoverage(log, regex)).toBe(expected);
  });
});
