import { describe, expect, it } from 'vitest';
import { blankRunnerForm, parseTags, registerCommands, runnerBody, runnerFormProblem } from './runnerForm';

describe('runner form', () => {
  it.each([
    [' docker, linux ,docker,, ', ['docker', 'linux']],
    ['', []],
    ['one', ['one']],
  ])('reads tags %j as %j', (text, tags) => expect(parseTags(text)).toEqual(tags));

  it.each([
    [{ runUntagged: true }, null],
    [{ tags: 'docker' }, null],
    [{}, 'Add tags or select “Run untagged jobs”: a runner with neither takes no jobs.'],
    [
      { tags: 'a', maximumTimeout: '599' },
      'Maximum job timeout must be a whole number of seconds, at least 600.',
    ],
    [
      { tags: 'a', maximumTimeout: '1h' },
      'Maximum job timeout must be a whole number of seconds, at least 600.',
    ],
    [{ tags: 'a', maximumTimeout: '3600' }, null],
  ])('judges %j: %s', (change, problem) =>
    expect(runnerFormProblem({ ...blankRunnerForm, ...change })).toBe(problem),
  );

  it('sends GitLab parameters, a timeout only when set', () => {
    expect(runnerBody({ ...blankRunnerForm, description: ' ci ', tags: 'a,b', protected: true })).toEqual({
      description: 'ci',
      tag_list: ['a', 'b'],
      run_untagged: false,
      locked: false,
      access_level: 'ref_protected',
    });
    expect(runnerBody({ ...blankRunnerForm, maximumTimeout: '3600' }).maximum_timeout).toBe(3600);
  });

  it('gives both register commands', () => {
    expect(registerCommands('http://x', 'glrt-t')).toEqual({
      bundled: 'npm run runner -- --url http://x --token glrt-t',
      gitlabRunner: 'gitlab-runner register --url http://x --token glrt-t',
    });
  });
});
