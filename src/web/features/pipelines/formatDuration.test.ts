import { describe, expect, it } from 'vitest';
import { formatDuration } from './formatDuration';

describe('formatDuration', () => {
  it('words seconds as minutes and seconds, with hours once there are any', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(62.4)).toBe('01:02');
    expect(formatDuration(3723)).toBe('01:02:03');
  });
});
