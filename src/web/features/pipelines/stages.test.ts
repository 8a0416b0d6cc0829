import { describe, expect, it } from 'vitest';
import { stagesOf, type JobSummary } from './stages';

const job = (id: number, name: string, stage: string, status: JobSummary['status'], allow_failure = false) => ({
  id,
  name,
  stage,
  status,
  allow_failure,
});

describe('stagesOf', () => {
  it('groups jobs by stage in the order the stages were created', () => {
    const stages = stagesOf([
      job(3, 'deploy', 'deploy', 'created'),
      job(1, 'compile', 'build', 'success'),
      job(2, 'rspec', 'test', 'running'),
    ]);
    expect(stages.map((s) => [s.name, s.status, s.jobs.map((j) => j.name)])).toEqual([
      ['build', 'success', ['compile']],
      ['test', 'running', ['rspec']],
      ['deploy', 'created', ['deploy']],
    ]);
  });

  it('shows a retried job once, at its latest attempt, and keeps its stage in place', () => {
    const stages = stagesOf([
      job(1, 'compile', 'build', 'failed'),
      job(2, 'rspec', 'test', 'skipped'),
      job(3, 'compile', 'build', 'success'),
    ]);
    expect(stages.map((s) => s.name)).toEqual(['build', 'test']);
    expect(stages[0]!.jobs.map((j) => [j.id, j.status])).toEqual([[3, 'success']]);
    expect(stages[0]!.status).toBe('success');
  });

  it('passes a stage with warnings when a job allowed to fail failed', () => {
    const [stage] = stagesOf([job(1, 'lint', 'test', 'failed', true), job(2, 'unit', 'test', 'success')]);
    expect(stage).toMatchObject({ status: 'success', warnings: true });
  });

  it('fails a stage when one of its jobs failed', () => {
    const [stage] = stagesOf([job(1, 'lint', 'test', 'failed'), job(2, 'unit', 'test', 'success')]);
    expect(stage).toMatchObject({ status: 'failed', warnings: false });
  });

  it('has no stages without jobs', () => {
    expect(stagesOf([])).toEqual([]);
  });
});
