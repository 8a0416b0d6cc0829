import { describe, expect, it } from 'vitest';
import type { Visibility } from '../../../shared/polling/pollIntervals';
import { pollIntervalFromHeader, widgetPollDelay } from './widgetPolling';

describe('pollIntervalFromHeader', () => {
  it.each<[string, string | null, number]>([
    ['§7 POLL-INTERVAL sets the polling start', '10000', 10_000],
    ['§7 a shorter POLL-INTERVAL is taken as given', '3000', 3_000],
    ['no header keeps the widget default', null, 10_000],
    ['a header that is not a whole number keeps the default', 'soon', 10_000],
    ['a zero interval would poll without pause, so it keeps the default', '0', 10_000],
  ])('%s', (_rule, header, expected) => {
    expect(pollIntervalFromHeader(header)).toBe(expected);
  });
});

describe('widgetPollDelay', () => {
  it.each<[string, number, number, boolean, Visibility, number]>([
    ['§9 the widget polls first at the POLL-INTERVAL start', 10_000, 0, false, 'visible', 10_000],
    ['§9 each unchanged poll multiplies the interval', 10_000, 1, false, 'visible', 20_000],
    ['§9 and again', 10_000, 3, false, 'visible', 80_000],
    ['§9 clamped to the start plus the 240 s maximum', 10_000, 9, false, 'visible', 250_000],
    ['§9 a hidden tab polls every 360 s', 10_000, 0, false, 'hidden', 360_000],
  ])('%s', (_rule, pollIntervalMs, unchangedPolls, mergeStatePolling, visibility, expected) => {
    expect(widgetPollDelay({ pollIntervalMs, unchangedPolls, mergeStatePolling, visibility })).toBe(expected);
  });

  const mergeStateSchedule = (pollIntervalMs: number, visibility: Visibility) =>
    [0, 1, 2, 3, 4, 5, 6, 7].map((unchangedPolls) =>
      widgetPollDelay({ pollIntervalMs, unchangedPolls, mergeStatePolling: true, visibility }),
    );

  it('§9 the ready-to-merge panel polls from 5 s, doubling, up to 240 s more, whatever POLL-INTERVAL says', () => {
    const schedule = [5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 245_000, 245_000];
    expect(mergeStateSchedule(10_000, 'visible')).toEqual(schedule);
    expect(mergeStateSchedule(3_000, 'visible')).toEqual(schedule);
  });

  it('§9 the ready-to-merge panel polls every 360 s on a hidden tab', () => {
    expect(new Set(mergeStateSchedule(10_000, 'hidden'))).toEqual(new Set([360_000]));
  });
});
