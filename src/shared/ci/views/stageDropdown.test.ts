import { describe, expect, it } from 'vitest';
import { jobActionConfirmation, searchStageJobs, stageHasSearch, stageJobActionOf } from './stageDropdown';

describe('the stage dropdown', () => {
  it.each([
    [0, false],
    [12, false],
    [13, true],
    [100, true],
  ])('a stage of %i jobs has a search box: %s', (count, expected) => {
    expect(stageHasSearch(count)).toBe(expected);
  });

  const jobs = [{ name: 'rspec 1/2' }, { name: 'rspec 2/2' }, { name: 'Lint' }];
  it.each([
    ['', ['rspec 1/2', 'rspec 2/2', 'Lint']],
    ['  ', ['rspec 1/2', 'rspec 2/2', 'Lint']],
    ['RSPEC', ['rspec 1/2', 'rspec 2/2']],
    ['2/2', ['rspec 2/2']],
    ['lint ', ['Lint']],
    ['deploy', []],
  ])('searching %j finds %j', (term, names) => {
    expect(searchStageJobs(jobs, term).map((job) => job.name)).toEqual(names);
  });

  it.each([
    ['/g/p/-/jobs/9/play', 'play'],
    ['/g/p/-/jobs/9/retry', 'retry'],
    ['/g/p/-/jobs/9/cancel', 'cancel'],
    ['/g/p/-/jobs/9/unschedule', 'unschedule'],
    ['/g/p/-/jobs/9/erase', null],
    ['', null],
  ])('the action of %s is %s', (path, action) => {
    expect(stageJobActionOf(path)).toBe(action);
  });

  it('asks for confirmation in the spec words', () => {
    expect(jobActionConfirmation('deploy', 'Ship it to production?')).toEqual({
      title: 'Are you sure you want to run deploy?',
      message: 'Custom confirmation message: Ship it to production?',
      question: 'Do you want to continue?',
      confirm: 'Yes, run deploy',
      cancel: 'Cancel',
    });
  });
});
