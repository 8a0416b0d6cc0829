import { describe, expect, it } from 'vitest';
import {
  buildTimeoutProblem,
  ciConfigLocation,
  ciConfigPathProblem,
  formatBuildTimeout,
  readBuildTimeout,
} from './projectCiSettings';

describe('a project’s build_timeout', () => {
  it.each([
    ['1h 30m', 5400],
    ['90 minutes', 5400],
    ['3600', 3600],
    ['10m', 600],
  ])('reads %s as %i seconds', (text, seconds) => {
    expect(readBuildTimeout(text)).toEqual({ ok: true, seconds });
  });

  it('refuses less than ten minutes and a month or more, in GitLab’s words', () => {
    expect(buildTimeoutProblem(599)).toBe('needs to be between 10 minutes and 1 month');
    expect(buildTimeoutProblem(2_629_746)).toBe('needs to be between 10 minutes and 1 month');
    expect(buildTimeoutProblem(2_629_745)).toBeNull();
    expect(readBuildTimeout('5m')).toEqual({
      ok: false,
      message: 'Timeout needs to be between 10 minutes and 1 month',
    });
    expect(readBuildTimeout('soon')).toEqual({
      ok: false,
      message: 'Timeout is not a duration, such as 1h 30m.',
    });
  });

  it('is shown in GitLab’s short form', () => {
    expect(formatBuildTimeout(3600)).toBe('1h');
    expect(formatBuildTimeout(5400)).toBe('1h 30m');
    expect(formatBuildTimeout(93_600)).toBe('1d 2h');
  });
});

describe('a project’s ci_config_path', () => {
  it('may not start with a slash or climb out of the repository', () => {
    expect(ciConfigPathProblem('/ci.yml')).toBe('cannot include leading slash or directory traversal.');
    expect(ciConfigPathProblem('ci/../x.yml')).toBe('cannot include leading slash or directory traversal.');
    expect(ciConfigPathProblem('ci/pipeline.yml')).toBeNull();
    expect(ciConfigPathProblem('x'.repeat(256))).toBe('is too long (maximum is 255 characters)');
  });

  it('points at this project’s file, or another project’s with path@group/project', () => {
    expect(ciConfigLocation(null, 'g/p')).toEqual({ kind: 'local', path: '.gitlab-ci.yml' });
    expect(ciConfigLocation(' ', 'g/p')).toEqual({ kind: 'local', path: '.gitlab-ci.yml' });
    expect(ciConfigLocation('ci/main.yml', 'g/p')).toEqual({ kind: 'local', path: 'ci/main.yml' });
    expect(ciConfigLocation('ci/main.yml@G/P', 'g/p')).toEqual({ kind: 'local', path: 'ci/main.yml' });
    expect(ciConfigLocation('ci.yml@ops/ci:v1', 'g/p')).toEqual({
      kind: 'project',
      path: 'ci.yml',
      project: 'ops/ci',
      ref: 'v1',
    });
  });
});
