import { describe, expect, it } from 'vitest';
import { stageColumns } from './stageColumns';

describe('stageColumns', () => {
  it('puts each job under its stage, stages in the pipeline’s order, jobs by name', () => {
    const stages = [
      { name: 'build', status: 'success' as const, warnings: false },
      { name: 'test', status: 'running' as const, warnings: false },
    ];
    const jobs = [
      { stage: 'test', name: 'unit 10' },
      { stage: 'build', name: 'compile' },
      { stage: 'test', name: 'unit 2' },
      { stage: 'test', name: 'lint' },
    ];
    expect(stageColumns(stages, jobs).map((c) => [c.stage.name, c.jobs.map((j) => j.name)])).toEqual([
      ['build', ['compile']],
      ['test', ['lint', 'unit 2', 'unit 10']],
    ]);
  });
});
