import { describe, expect, it } from 'vitest';
import { compareJobNames, groupName, jobGroups } from './groups';

describe('groupName', () => {
  it.each([
    ['rspec', 'rspec'],
    ['rspec 1/3', 'rspec'],
    ['rspec 1:3', 'rspec'],
    ['rspec 1 3', 'rspec'],
    ['rspec:linux 1/3', 'rspec:linux'],
    ['build: [ruby, 3.2]', 'build'],
    ['build: [ruby, 3.2] 1/2', 'build'],
    ['deploy to 2 regions', 'deploy to 2 regions'],
    ['  spaced 2/4  ', 'spaced'],
  ])('%j is grouped as %j', (name, expected) => {
    expect(groupName(name)).toBe(expected);
  });
});

describe('compareJobNames', () => {
  it('orders digits as numbers', () => {
    expect(['rspec 10/10', 'rspec 2/10', 'rspec 1/10', 'lint'].sort(compareJobNames)).toEqual([
      'lint',
      'rspec 1/10',
      'rspec 2/10',
      'rspec 10/10',
    ]);
  });
});

describe('jobGroups', () => {
  const job = (name: string, status: 'success' | 'failed' | 'running' | 'manual', allowFailure = false) => ({
    name,
    status,
    allowFailure,
  });

  it('groups parallel jobs under one name in name order, each group with its composed status', () => {
    const groups = jobGroups([
      job('rspec 2/2', 'running'),
      job('lint', 'success'),
      job('rspec 1/2', 'success'),
      job('audit', 'failed', true),
    ]);
    expect(
      groups.map(({ name, status, warnings, jobs }) => [name, status, warnings, jobs.map((j) => j.name)]),
    ).toEqual([
      ['audit', 'success', true, ['audit']],
      ['lint', 'success', false, ['lint']],
      ['rspec', 'running', false, ['rspec 1/2', 'rspec 2/2']],
    ]);
  });

  it('has no groups without jobs', () => {
    expect(jobGroups([])).toEqual([]);
  });
});
