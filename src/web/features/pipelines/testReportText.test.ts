import { describe, expect, it } from 'vitest';
import { formattedTime, summaryTexts } from './testReportText';

describe('test report texts, as GitLab writes them', () => {
  it.each([
    [0, '0.00ms'],
    [0.0123, '12.30ms'],
    [1, '1.00s'],
    [75.456, '75.46s'],
  ])('%s seconds -> %s', (seconds, text) => {
    expect(formattedTime(seconds)).toBe(text);
  });

  it.each([
    [
      { total: 4, failed: 1, error: 1, success: 1, skipped: 1 },
      ['4 tests', '1 failure', '1 error', '33.33% success rate'],
    ],
    [
      { total: 2, failed: 0, error: 0, success: 2, skipped: 0 },
      ['2 tests', '0 failures', '0 errors', '100% success rate'],
    ],
    [
      { total: 1, failed: 0, error: 0, success: 0, skipped: 1 },
      ['1 test', '0 failures', '0 errors', '0% success rate'],
    ],
    [
      { total: 0, failed: 0, error: 0, success: 0, skipped: 0 },
      ['0 tests', '0 failures', '0 errors', '0% success rate'],
    ],
  ])('%j', (counts, texts) => {
    expect(summaryTexts(counts)).toEqual(texts);
  });
});
