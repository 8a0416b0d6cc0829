import { describe, expect, it } from 'vitest';
import { runnerStatus } from './runnerStatus';

const now = new Date('2024-06-10T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

describe('runner status', () => {
  it.each([
    ['asked a minute ago', hoursAgo(1), hoursAgo(0.02), 'online', true],
    ['asked three hours ago', hoursAgo(5), hoursAgo(3), 'offline', false],
    ['created today, never asked', hoursAgo(1), null, 'never_contacted', false],
    ['silent for eight days', hoursAgo(24 * 30), hoursAgo(24 * 8), 'stale', false],
    ['created eight days ago, never asked', hoursAgo(24 * 8), null, 'stale', false],
  ])('%s: %s', (_, createdAt, contactedAt, status, online) => {
    expect(runnerStatus({ createdAt, contactedAt }, now)).toEqual({ status, online });
  });
});
