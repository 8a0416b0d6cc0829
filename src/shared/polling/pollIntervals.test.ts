import { describe, expect, it } from 'vitest';
import {
  backoffInterval,
  deploymentsPollDelay,
  NETWORK_STATUS_READY,
  PIPELINE_POLLING,
  pipelinePollDelay,
  mergeStatePollInterval,
  type Visibility,
} from './pollIntervals';

describe('mergeStatePollInterval', () => {
  it.each<[string, number, Visibility, number]>([
    ['§9 merge-state polling starts at 5 seconds', 0, 'visible', 5_000],
    ['§9 merge-state polling grows by a factor of 2', 1, 'visible', 10_000],
    ['§9 merge-state polling keeps doubling', 5, 'visible', 160_000],
    ['§9 merge-state polling stops growing at 240 seconds more than the start', 6, 'visible', 245_000],
    ['§9 merge-state polling stays at its ceiling', 40, 'visible', 245_000],
    ['§9 hidden-tab interval is 360 seconds from the start', 0, 'hidden', 360_000],
    ['§9 hidden-tab interval is 360 seconds at the ceiling too', 12, 'hidden', 360_000],
  ])('%s', (_rule, attempt, visibility, expected) => {
    expect(mergeStatePollInterval(attempt, visibility)).toBe(expected);
  });
});

describe('deploymentsPollDelay', () => {
  it.each<[string, number, Visibility, number | null]>([
    ['§9 deployments polling runs immediately', 0, 'visible', 0],
    ['§9 deployments polling starts at 30 seconds', 1, 'visible', 30_000],
    ['§9 deployments polling grows by a factor of 4', 2, 'visible', 120_000],
    ['§9 deployments polling is capped at 240 seconds', 3, 'visible', 240_000],
    ['§9 deployments polling stays at 240 seconds', 9, 'visible', 240_000],
    ['§9 no hidden interval for deployments: a hidden tab does not poll them', 2, 'hidden', null],
  ])('%s', (_rule, attempt, visibility, expected) => {
    expect(deploymentsPollDelay(attempt, visibility)).toBe(expected);
  });
});

describe('backoffInterval', () => {
  it.each([-1, 1.5, Number.NaN])('refuses attempt %s, which no poll loop can produce', (attempt) => {
    expect(() => backoffInterval({ startMs: 1, factor: 2, maxMs: 10 }, attempt)).toThrow(RangeError);
  });
});

describe('pipeline polling', () => {
  it.each([
    [0, 8_000],
    [1, 9_600],
    [2, 11_520],
    [10, 8_000 * 1.2 ** 10],
    [20, 240_000],
    [100, 240_000],
  ])('after %i unchanged polls waits %d ms', (unchanged, ms) => {
    expect(pipelinePollDelay(unchanged, 'visible')).toBeCloseTo(ms, 6);
  });

  it('does not poll from a hidden tab', () => {
    expect(pipelinePollDelay(0, 'hidden')).toBeNull();
  });

  it('keeps the spec constants', () => {
    expect(PIPELINE_POLLING).toEqual({ startMs: 8000, factor: 1.2, maxMs: 240000 });
    expect(NETWORK_STATUS_READY).toBe(7);
  });
});
