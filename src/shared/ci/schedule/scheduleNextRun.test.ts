import { describe, expect, it } from 'vitest';
import { scheduleNextRunAt } from './scheduleNextRun';

describe('scheduleNextRunAt: the schedule’s next run rounded to the worker’s cron, as GitLab sets it', () => {
  it.each([
    // cron, zone, now, next_run_at (the worker runs at minute 3 of every ten, UTC)
    // The schedule's run is not a worker run: the worker's first run after it.
    ['0 1 * * *', 'UTC', '2026-11-29T09:46:00Z', '2026-11-30T01:03:00.000Z'],
    ['*/15 * * * *', 'UTC', '2026-11-29T09:46:00Z', '2026-11-29T10:03:00.000Z'],
    // Every minute cannot run more often than the worker: its next run.
    ['* * * * *', 'UTC', '2026-11-29T09:46:30Z', '2026-11-29T09:53:00.000Z'],
    // The schedule's run is the worker's next run: kept as it is.
    ['53 * * * *', 'UTC', '2026-11-29T09:46:00Z', '2026-11-29T09:53:00.000Z'],
    ['* * * * *', 'UTC', '2026-11-29T09:52:10Z', '2026-11-29T09:53:00.000Z'],
    // A worker minute that is not the worker's very next run is still moved to the next one after it.
    ['3 * * * *', 'UTC', '2026-11-29T09:46:00Z', '2026-11-29T10:13:00.000Z'],
    ['13 10 * * *', 'UTC', '2026-11-29T09:46:00Z', '2026-11-29T10:23:00.000Z'],
    // Read in the schedule's own zone, IANA or Rails names alike, then rounded in UTC.
    ['0 9 * * *', 'Europe/Berlin', '2026-11-29T09:46:00Z', '2026-11-30T08:03:00.000Z'],
    ['0 9 * * *', 'Berlin', '2026-11-29T09:46:00Z', '2026-11-30T08:03:00.000Z'],
    ['30 23 * * *', 'Eastern Time (US & Canada)', '2026-11-29T09:46:00Z', '2026-11-30T04:33:00.000Z'],
    ['0 6 * * *', 'Pacific Time (US & Canada)', '2026-07-01T00:00:00Z', '2026-07-01T13:03:00.000Z'],
    // India is half an hour off UTC: midnight there is 18:30 UTC, the worker runs at 18:33.
    ['0 0 * * *', 'New Delhi', '2026-11-29T09:46:00Z', '2026-11-29T18:33:00.000Z'],
  ])('%s in %s at %s: %s', (cron, zone, now, next) => {
    expect(scheduleNextRunAt(cron, zone, new Date(now))?.toISOString()).toBe(next);
  });

  it('follows another worker cron where the instance sets one', () => {
    const worker = { cron: '19 * * * *', timeZone: 'UTC' };
    expect(
      scheduleNextRunAt('0 1 * * *', 'UTC', new Date('2026-11-29T09:46:00Z'), worker)?.toISOString(),
    ).toBe('2026-11-30T01:19:00.000Z');
  });

  it.each([
    ['0 0 30 2 *', 'UTC'],
    ['0 1 * * *', 'Nowhere/Land'],
  ])('%s in %s never runs: null', (cron, zone) => {
    expect(scheduleNextRunAt(cron, zone, new Date('2026-11-29T00:00:00Z'))).toBeNull();
  });
});
