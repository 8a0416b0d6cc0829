import { describe, expect, it } from 'vitest';
import { nextResourceHolder, upcomingJobs, type ProcessMode, type ResourceCandidate } from './resourceGroups';

const job = (id: number, pipelineId: number, status: ResourceCandidate['status']): ResourceCandidate => ({
  id,
  pipelineId,
  status,
});

describe('which waiting job gets a free resource', () => {
  // Pipeline 1 is the oldest; job ids grow with creation.
  const waitingInThree = [
    job(11, 1, 'waiting_for_resource'),
    job(21, 2, 'waiting_for_resource'),
    job(31, 3, 'waiting_for_resource'),
  ];
  const oldestStillToCome = [
    job(11, 1, 'created'),
    job(21, 2, 'waiting_for_resource'),
    job(31, 3, 'waiting_for_resource'),
  ];
  const newestStillToCome = [
    job(11, 1, 'waiting_for_resource'),
    job(21, 2, 'waiting_for_resource'),
    job(31, 3, 'scheduled'),
  ];
  const cases: Array<[string, ProcessMode, ResourceCandidate[], number | null]> = [
    ['unordered: the first that waits', 'unordered', waitingInThree, 11],
    ['unordered: jobs still to come are not waited for', 'unordered', oldestStillToCome, 21],
    ['oldest first: the oldest pipeline', 'oldest_first', waitingInThree, 11],
    [
      'oldest first: the oldest pipeline keeps its turn while its job is still created',
      'oldest_first',
      oldestStillToCome,
      null,
    ],
    ['oldest first: a newer pipeline still to come does not matter', 'oldest_first', newestStillToCome, 11],
    ['newest first: the newest pipeline', 'newest_first', waitingInThree, 31],
    [
      'newest first: the newest pipeline keeps its turn while its job is scheduled',
      'newest_first',
      newestStillToCome,
      null,
    ],
    ['newest first: an older pipeline still to come does not matter', 'newest_first', oldestStillToCome, 31],
    ['newest ready first: the newest of those waiting', 'newest_ready_first', newestStillToCome, 21],
    ['nobody waits: nobody gets it', 'unordered', [job(11, 1, 'success'), job(12, 1, 'running')], null],
    [
      'running and finished jobs are not candidates',
      'oldest_first',
      [job(11, 1, 'running'), job(21, 2, 'waiting_for_resource')],
      21,
    ],
  ];
  it.each(cases)('%s', (_title, mode, jobs, expected) => {
    expect(nextResourceHolder(mode, jobs)?.id ?? null).toBe(expected);
  });

  it('within one pipeline, a waiting job goes before one still to come', () => {
    const jobs = [job(11, 1, 'created'), job(12, 1, 'waiting_for_resource')];
    expect(upcomingJobs('oldest_first', jobs).map((j) => j.id)).toEqual([12, 11]);
    expect(nextResourceHolder('oldest_first', jobs)?.id).toBe(12);
  });

  it('lists upcoming jobs in the order they will get the resource', () => {
    expect(upcomingJobs('newest_first', oldestStillToCome).map((j) => j.id)).toEqual([31, 21, 11]);
    expect(upcomingJobs('unordered', oldestStillToCome).map((j) => j.id)).toEqual([21, 31]);
  });
});
