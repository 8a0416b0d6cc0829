import { describe, expect, it } from 'vitest';
import { emptyHistogram, GRAPH_HISTOGRAM_NAMES, observe } from './graphMetrics';

describe('pipeline graph histograms', () => {
  it('has GitLab’s three histograms', () => {
    expect(GRAPH_HISTOGRAM_NAMES).toEqual([
      'pipeline_graph_link_calculation_duration_seconds',
      'pipeline_graph_links_total',
      'pipeline_graph_links_per_job_ratio',
    ]);
  });

  it.each([
    [0, [1, 1, 1, 1, 1, 1, 1, 1]],
    [5, [0, 1, 1, 1, 1, 1, 1, 1]],
    [21, [0, 0, 0, 0, 1, 1, 1, 1]],
    [500, [0, 0, 0, 0, 0, 0, 0, 1]],
  ])('counts %d links in every bucket at or above it, and +Inf', (value, counts) => {
    const histogram = observe(emptyHistogram('pipeline_graph_links_total'), value);
    expect(histogram).toMatchObject({ counts, sum: value, count: 1 });
  });

  it('adds observations up', () => {
    const twice = observe(observe(emptyHistogram('pipeline_graph_links_per_job_ratio'), 0.25), 0.5);
    expect(twice.count).toBe(2);
    expect(twice.sum).toBe(0.75);
    expect(twice.counts.slice(0, 5)).toEqual([0, 0, 1, 1, 2]);
  });
});
