import { describe, expect, it } from 'vitest';
import { extractCoverage } from './coverage';

describe('job coverage from its log', () => {
  // Patterns as a job keeps them: what `coverage: /.../` holds between its slashes.
  it.each([
    ['a plain percentage', 'Coverage: 81.236%\n', 'Coverage: \\d+\\.\\d+%', 81.24],
    ['the last matching line wins', 'Coverage: 10%\nCoverage: 20%\n', 'Coverage: \\d+%', 20],
    ['the group of the match', 'Lines: 3 of 4 (75.00%)', '\\((\\d+\\.\\d+)%\\)', 75],
    ['a pattern with slashes in it', 'src/cart.ts: 50%\n', 'src/\\w+\\.ts: \\d+%', 50],
    ['no line matches', 'all good\n', 'Coverage: \\d+%', null],
    ['no pattern', 'Coverage: 10%', undefined, null],
    ['a pattern RE2 refuses', 'Coverage: 10%', '(?=Coverage)\\d+', null],
  ])('%s', (_, log, pattern, expected) => {
    expect(extractCoverage(log, pattern)).toBe(expected);
  });
});
