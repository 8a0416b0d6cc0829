import { describe, expect, it } from 'vitest';
import { isValidTimeZone, nextRunAt, parseCron } from './cron';

describe('parseCron', () => {
  it.each([
    ['* * * * *', true],
    ['0 1 * * *', true],
    ['*/15 9-17 * * mon-fri', true],
    ['0 0 1,15 JAN,jul *', true],
    ['0 0 * * 7', true],
    ['@daily', true],
    ['5-55/10 * * * *', true],
    ['', false],
    ['* * * *', false],
    ['* * * * * *', false],
    ['60 * * * *', false],
    ['* 24 * * *', false],
    ['* * 0 * *', false],
    ['* * * 13 *', false],
    ['*/0 * * * *', false],
    ['5-1 * * * *', false],
    ['a * * * *', false],
    ['1-2-3 * * * *', false],
  ])('%j holds: %s', (expression, holds) => {
    expect(parseCron(expression) !== null).toBe(holds);
  });

  it('reads names, steps and Sunday as 7', () => {
    expect(parseCron('*/20 0 * feb sun,7')).toMatchObject({
      minutes: [0, 20, 40],
      hours: [0],
      months: [2],
      weekdays: [0],
    });
  });
});

describe('isValidTimeZone', () => {
  it.each([
    ['UTC', true],
    ['Europe/Berlin', true],
    ['America/New_York', true],
    // Rails' names, as ActiveSupport::TimeZone reads them.
    ['Pacific Time (US & Canada)', true],
    ['Eastern Time (US & Canada)', true],
    ['Kyiv', true],
    ["Nuku'alofa", true],
    ['Pacific Time', false],
    ['Mars/Olympus', false],
    ['', false],
  ])('%s: %s', (zone, valid) => expect(isValidTimeZone(zone)).toBe(valid));
});

describe('nextRunAt', () => {
  it.each([
    // expression, zone, after, next
    ['0 1 * * *', 'UTC', '2026-11-29T09:46:00Z', '2026-11-30T01:00:00.000Z'],
    ['0 1 * * *', 'UTC', '2026-11-29T00:59:59Z', '2026-11-29T01:00:00.000Z'],
    ['0 1 * * *', 'UTC', '2026-11-29T01:00:00Z', '2026-11-30T01:00:00.000Z'],
    ['* * * * *', 'UTC', '2026-11-29T09:46:30Z', '2026-11-29T09:47:00.000Z'],
    ['*/15 * * * *', 'UTC', '2026-11-29T09:46:00Z', '2026-11-29T10:00:00.000Z'],
    ['0 9 * * mon-fri', 'UTC', '2026-11-28T10:00:00Z', '2026-11-30T09:00:00.000Z'],
    ['0 0 1 * *', 'UTC', '2026-12-15T00:00:00Z', '2027-01-01T00:00:00.000Z'],
    ['0 0 29 2 *', 'UTC', '2026-03-01T00:00:00Z', '2028-02-29T00:00:00.000Z'],
    // A day of month or a day of week: either fires (Vixie cron).
    ['0 0 13 * fri', 'UTC', '2026-11-01T00:00:00Z', '2026-11-06T00:00:00.000Z'],
    // The schedule's time zone: 09:00 in Berlin is 08:00 UTC in winter, 07:00 UTC in summer.
    ['0 9 * * *', 'Europe/Berlin', '2026-11-29T09:46:00Z', '2026-11-30T08:00:00.000Z'],
    ['0 9 * * *', 'Europe/Berlin', '2026-07-01T12:00:00Z', '2026-07-02T07:00:00.000Z'],
    ['30 23 * * *', 'America/New_York', '2026-11-29T09:46:00Z', '2026-11-30T04:30:00.000Z'],
    ['0 0 * * *', 'Asia/Kolkata', '2026-11-29T09:46:00Z', '2026-11-29T18:30:00.000Z'],
    // Rails' names read as their IANA zones.
    ['30 23 * * *', 'Eastern Time (US & Canada)', '2026-11-29T09:46:00Z', '2026-11-30T04:30:00.000Z'],
    ['0 9 * * *', 'Pacific Time (US & Canada)', '2026-07-01T12:00:00Z', '2026-07-01T16:00:00.000Z'],
    // Daylight saving starts in Berlin on 2026-03-29: 02:30 does not exist, it runs at 03:30 CEST.
    ['30 2 * * *', 'Europe/Berlin', '2026-03-28T12:00:00Z', '2026-03-29T01:30:00.000Z'],
    // ... and ends on 2026-10-25: 02:30 happens twice, the first one is taken.
    ['30 2 25 10 *', 'Europe/Berlin', '2026-10-24T12:00:00Z', '2026-10-25T00:30:00.000Z'],
  ])('%s in %s after %s: %s', (expression, zone, after, next) => {
    expect(nextRunAt(expression, zone, new Date(after))?.toISOString()).toBe(next);
  });

  it.each([
    ['0 0 30 2 *', 'UTC'],
    ['not cron', 'UTC'],
    ['0 1 * * *', 'Nowhere/Land'],
  ])('%s in %s never runs: null', (expression, zone) => {
    expect(nextRunAt(expression, zone, new Date('2026-11-29T00:00:00Z'))).toBeNull();
  });
});
