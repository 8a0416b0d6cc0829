import { describe, expect, it } from 'vitest';
import { pipelineStages, type StageJob } from './stages';

const job = (stage: string, stageIdx: number, status: StageJob['status'], allowFailure = false) => ({
  stage,
  stageIdx,
  status,
  allowFailure,
});

describe('pipelineStages', () => {
  it('orders stages as the configuration does and composes each one’s status', () => {
    expect(
      pipelineStages([
        job('deploy', 2, 'created'),
        job('build', 0, 'success'),
        job('test', 1, 'running'),
        job('test', 1, 'pending'),
      ]),
    ).toEqual([
      { name: 'build', status: 'success', warnings: false },
      { name: 'test', status: 'running', warnings: false },
      { name: 'deploy', status: 'created', warnings: false },
    ]);
  });

  it('passes a stage with warnings when a job allowed to fail failed', () => {
    expect(pipelineStages([job('test', 1, 'failed', true), job('test', 1, 'success')])).toEqual([
      { name: 'test', status: 'success', warnings: true },
    ]);
  });

  it('fails a stage when a job that may not fail failed', () => {
    expect(pipelineStages([job('test', 1, 'failed'), job('test', 1, 'success')])[0]!.status).toBe('failed');
  });

  it('has no stages without jobs', () => {
    expect(pipelineStages([])).toEqual([]);
  });
});
