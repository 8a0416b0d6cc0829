import { describe, expect, it } from 'vitest';
import { matchesRunnerFilters, type RunnerFilters } from './runnerFilters';

const now = new Date('2024-06-10T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
const runner = {
  runnerType: 'project_type',
  paused: false,
  tagList: ['docker', 'linux'],
  createdAt: hoursAgo(48),
  contactedAt: hoursAgo(0.5),
};

describe('runner list filters', () => {
  it.each<[string, RunnerFilters, boolean]>([
    ['no filter', {}, true],
    ['scope online', { scope: 'online' }, true],
    ['scope offline', { scope: 'offline' }, false],
    ['status active', { status: 'active' }, true],
    ['status paused', { status: 'paused' }, false],
    ['type project_type', { type: 'project_type' }, true],
    ['type instance_type', { type: 'instance_type' }, false],
    ['paused false', { paused: false }, true],
    ['paused true', { paused: true }, false],
    ['one of its tags', { tag_list: ['docker'] }, true],
    ['both its tags', { tag_list: ['linux', 'docker'] }, true],
    ['a tag it lacks', { tag_list: ['docker', 'gpu'] }, false],
  ])('%s', (_, filters, expected) => {
    expect(matchesRunnerFilters(runner, filters, now)).toBe(expected);
  });

  it('finds a runner three hours silent offline, and one never heard from never_contacted', () => {
    expect(matchesRunnerFilters({ ...runner, contactedAt: hoursAgo(3) }, { status: 'offline' }, now)).toBe(
      true,
    );
    expect(matchesRunnerFilters({ ...runner, contactedAt: null }, { scope: 'never_contacted' }, now)).toBe(
      true,
    );
  });
});
