import { describe, expect, it } from 'vitest';
import type { CiStatus } from '../../../shared/ci/status/composite';
import { projectPathOf, sortDownstreamJobs, visibleDownstream } from './downstreamPipelines';

describe('downstream pipelines in the graph', () => {
  it.each([
    [0, false, 0, 0],
    [3, false, 3, 0],
    [4, false, 3, 1],
    [9, false, 3, 6],
    [9, true, 9, 0],
  ])('%i pipelines, expanded %s: %i shown, +%i', (count, expanded, shown, hidden) => {
    const cards = Array.from({ length: count }, (_, index) => index);
    const result = visibleDownstream(cards, expanded);
    expect(result.shown).toHaveLength(shown);
    expect(result.hidden).toBe(hidden);
  });

  it('sorts downstream jobs failed first, then manual, then success, the rest after in their order', () => {
    const statuses: CiStatus[] = ['success', 'running', 'manual', 'failed', 'success', 'failed', 'pending'];
    const jobs = statuses.map((status, id) => ({ id, status }));
    expect(sortDownstreamJobs(jobs).map((job) => `${job.status}:${job.id}`)).toEqual([
      'failed:3',
      'failed:5',
      'manual:2',
      'success:0',
      'success:4',
      'running:1',
      'pending:6',
    ]);
  });

  it.each([
    ['http://localhost:3000/group/sub/project/-/pipelines/12', 'group/sub/project'],
    ['https://example.com/alice/app/-/pipelines/7', 'alice/app'],
  ])('reads the project of %s', (url, path) => {
    expect(projectPathOf({ web_url: url })).toBe(path);
  });
});
