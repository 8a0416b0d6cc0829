import { describe, expect, it } from 'vitest';
import { closesIssue } from './closingPattern';

describe('closesIssue', () => {
  it.each([
    ['Closes #4', true],
    ['closes #4.', true],
    ['Fixes: #4', true],
    ['This fixes #3, #4 and #5', true],
    ['Resolving issue #4', true],
    ['Implements #4', true],
    ['Closes #40', false],
    ['Closes #3', false],
    ['See #4', false],
    ['Closes!4', false],
  ])('%s closes #4: %s', (description, closes) => {
    expect(closesIssue(description, 4)).toBe(closes);
  });
});
