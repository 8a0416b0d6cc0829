import { describe, expect, it } from 'vitest';
import { remainingTime } from './delayedCountdown';

const at = Date.parse('2026-01-01T12:00:00Z');

describe('the delayed job countdown', () => {
  it.each([
    ['2026-01-01T12:30:00Z', '00:30:00'],
    ['2026-01-01T12:00:01Z', '00:00:01'],
    ['2026-01-01T12:00:00.200Z', '00:00:01'],
    ['2026-01-01T12:00:00Z', '00:00:00'],
    ['2026-01-01T11:00:00Z', '00:00:00'],
    ['2026-01-02T13:01:05Z', '25:01:05'],
  ])('%s is %s away', (scheduledAt, text) => {
    expect(remainingTime(scheduledAt, at)).toBe(text);
  });
});
