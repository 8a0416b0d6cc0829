import { describe, expect, it } from 'vitest';
import { remainingTime } from './delayedCountdown';

describe('remainingTime', () => {
  const now = new Date('2026-01-01T00:00:00.000Z');
  const at = (ms: number) => new Date(now.getTime() + ms);

  it.each([
    [30 * 60_000, '00:30:00'],
    [59_999, '00:00:59'],
    [3_600_000 + 61_000, '01:01:01'],
    [100 * 3_600_000, '100:00:00'],
    [500, '00:00:00'],
    [0, '00:00:00'],
    [-5_000, '00:00:00'],
  ])('%i ms ahead shows %s', (ms, shown) => expect(remainingTime(at(ms), now)).toBe(shown));
});
