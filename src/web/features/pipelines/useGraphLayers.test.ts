import { describe, expect, it } from 'vitest';
import { countLinks, graphMetricsBody } from './useGraphLayers';

describe('the pipeline graph’s performance report', () => {
  it('counts a link for each need naming a job of the graph', () => {
    const jobs = [
      { name: 'compile', needs: [] },
      { name: 'unit', needs: ['compile'] },
      { name: 'e2e', needs: ['compile', 'unit', 'gone'] },
    ];
    expect(countLinks(jobs)).toBe(3);
  });

  it('sends GitLab’s three histograms: seconds, links, links per job', () => {
    expect(graphMetricsBody(0.004, 3, 6)).toEqual({
      histograms: [
        { name: 'pipeline_graph_link_calculation_duration_seconds', value: 0.004 },
        { name: 'pipeline_graph_links_total', value: 3 },
        { name: 'pipeline_graph_links_per_job_ratio', value: 0.5 },
      ],
    });
    expect(graphMetricsBody(0.001, 0, 0).histograms[2]!.value).toBe(0);
  });
});
