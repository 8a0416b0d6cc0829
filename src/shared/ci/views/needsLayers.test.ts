import { describe, expect, it } from 'vitest';
import { needsLayers, type LayeredJob } from './needsLayers';

const names = (layers: LayeredJob[][]) => layers.map((layer) => layer.map((job) => job.name));

describe('needsLayers (the graph grouped by job dependencies)', () => {
  it('puts a job one column after the last job it needs', () => {
    const jobs = [
      { name: 'build', needs: [] },
      { name: 'lint', needs: [] },
      { name: 'unit', needs: ['build'] },
      { name: 'e2e', needs: ['build', 'unit'] },
      { name: 'deploy', needs: ['lint'] },
    ];
    expect(names(needsLayers(jobs))).toEqual([['build', 'lint'], ['unit', 'deploy'], ['e2e']]);
  });

  it('lays a pipeline without needs out as its stages (each job waits for the stage before)', () => {
    const jobs = [
      { name: 'a', needs: [] },
      { name: 'b', needs: [] },
      { name: 'c', needs: ['a', 'b'] },
      { name: 'd', needs: ['c'] },
    ];
    expect(names(needsLayers(jobs))).toEqual([['a', 'b'], ['c'], ['d']]);
  });

  it('ignores names no job has and cuts a cycle instead of looping', () => {
    expect(names(needsLayers([{ name: 'x', needs: ['gone'] }]))).toEqual([['x']]);
    const cyclic = [
      { name: 'p', needs: ['q'] },
      { name: 'q', needs: ['p'] },
    ];
    expect(names(needsLayers(cyclic))).toEqual([['q'], ['p']]);
  });

  it('has no columns for no jobs', () => {
    expect(needsLayers([])).toEqual([]);
  });
});
