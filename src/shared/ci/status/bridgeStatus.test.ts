import { describe, expect, it } from 'vitest';
import { bridgeStatusFromDownstream } from './bridgeStatus';
import type { CiStatus } from './composite';

describe('a depending bridge mirrors its downstream pipeline', () => {
  it.each<[CiStatus, CiStatus | null]>([
    ['success', 'success'],
    ['failed', 'failed'],
    ['skipped', 'failed'],
    ['canceled', 'canceled'],
    ['running', null],
    ['pending', null],
    ['created', null],
    ['manual', null],
    ['scheduled', null],
  ])('downstream %s -> bridge %s', (downstream, bridge) => {
    expect(bridgeStatusFromDownstream(downstream)).toBe(bridge);
  });
});

describe('a `strategy: mirror` bridge shows its downstream pipeline’s status as it is', () => {
  it.each<[CiStatus, CiStatus]>([
    ['success', 'success'],
    ['failed', 'failed'],
    ['skipped', 'skipped'],
    ['canceled', 'canceled'],
    ['manual', 'manual'],
    ['running', 'running'],
    ['pending', 'running'],
    ['created', 'running'],
    ['scheduled', 'running'],
  ])('downstream %s -> bridge %s', (downstream, bridge) => {
    expect(bridgeStatusFromDownstream(downstream, 'mirror')).toBe(bridge);
  });
});
