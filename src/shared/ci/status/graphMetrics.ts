/**
 * The pipeline graph's performance metrics, as GitLab's frontend reports them (POST of
 * histograms to `{project}/-/ci/prometheus_metrics/histograms`): how long drawing the links
 * took, how many links there are, and links per job. Buckets are GitLab's.
 */
export const GRAPH_HISTOGRAMS = {
  pipeline_graph_link_calculation_duration_seconds: [0.0005, 0.0025, 0.005, 0.01, 0.02],
  pipeline_graph_links_total: [1, 5, 10, 20, 50, 100, 200],
  pipeline_graph_links_per_job_ratio: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1],
} as const;

export type GraphHistogramName = keyof typeof GRAPH_HISTOGRAMS;
export const GRAPH_HISTOGRAM_NAMES = Object.keys(GRAPH_HISTOGRAMS) as GraphHistogramName[];

/** A histogram as Prometheus keeps one: cumulative counts per upper bound (and +Inf), sum, count. */
export type Histogram = { buckets: number[]; counts: number[]; sum: number; count: number };

export const emptyHistogram = (name: GraphHistogramName): Histogram => {
  const buckets = [...GRAPH_HISTOGRAMS[name]];
  return { buckets, counts: buckets.map(() => 0).concat(0), sum: 0, count: 0 };
};

/** The histogram after one observation: every bucket whose bound the value is under counts it. */
export function observe(histogram: Histogram, value: number): Histogram {
  return {
    buckets: histogram.buckets,
    counts: histogram.counts.map((count, i) =>
      i === histogram.buckets.length || value <= histogram.buckets[i]! ? count + 1 : count,
    ),
    sum: histogram.sum + value,
    count: histogram.count + 1,
  };
}
