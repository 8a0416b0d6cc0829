import { describe, expect, it } from 'vitest';
import { coverageDelta } from './coverageDelta';

describe('the coverage delta against the target branch', () => {
  it.each([
    ['82.50', '80.00', '+2.50', 'positive'],
    ['80', '82.25', '-2.25', 'negative'],
    ['80.00', '80', '0.00', 'neutral'],
    // Below what two decimals show: no colour for a change nobody can read.
    ['80.001', '80', '0.00', 'neutral'],
    [100, 0, '+100.00', 'positive'],
    ['0.1', '0.3', '-0.20', 'negative'],
  ])('%s against %s is %s (%s)', (head, target, text, sign) => {
    expect(coverageDelta(head, target)).toEqual({ text, sign });
  });

  it.each([
    [null, '80'],
    ['80', null],
    ['', '80'],
    ['n/a', '80'],
    [undefined, undefined],
  ])('has no delta for %s against %s', (head, target) => {
    expect(coverageDelta(head, target)).toBeNull();
  });
});
