import { useEffect, useMemo, useRef } from 'react';
import type { GraphHistogramName } from '../../../shared/ci/status/graphMetrics';
import { needsLayers, type LayeredJob } from '../../../shared/ci/views/needsLayers';
import { request } from '../../api/client';

export type GraphLayout<T> = ({ layers: T[][] } | { drawFailure: unknown }) & {
  /** When the layout began (`performance.now()`), what its reported duration counts from. */
  startedAt: number;
};

/** The layout by job dependencies, stamped with when it began; a layout that throws is a draw failure. */
function layOut<T extends LayeredJob>(jobs: readonly T[]): GraphLayout<T> {
  const startedAt = performance.now();
  try {
    return { layers: needsLayers(jobs), startedAt };
  } catch (error) {
    return { drawFailure: error, startedAt };
  }
}

/** The links between the graph's jobs: one for each need that names a job of the graph. */
export function countLinks(jobs: readonly LayeredJob[]): number {
  const names = new Set(jobs.map((job) => job.name));
  return jobs.reduce((total, job) => total + job.needs.filter((name) => names.has(name)).length, 0);
}

/** GitLab's report of one layout: seconds it took, links drawn, and links per job. */
export function graphMetricsBody(seconds: number, links: number, jobs: number) {
  const histograms: Array<{ name: GraphHistogramName; value: number }> = [
    { name: 'pipeline_graph_link_calculation_duration_seconds', value: seconds },
    { name: 'pipeline_graph_links_total', value: links },
    { name: 'pipeline_graph_links_per_job_ratio', value: jobs > 0 ? links / jobs : 0 },
  ];
  return { histograms };
}

/**
 * The "Job dependencies" layout of the graph (null for the stage view), and a layout that throws
 * as GitLab's draw failure. Given the page's metrics path, the first layout of this view reports
 * how long it took to lay out and draw (until the browser has it on screen), its links and links
 * per job, as GitLab's graph does; a report that fails is no concern of the viewer's.
 */
export function useGraphLayers<T extends LayeredJob>(
  jobs: readonly T[] | null,
  metricsPath: string | null,
): GraphLayout<T> | null {
  const reported = useRef(false);
  const layout = useMemo(() => (jobs ? layOut(jobs) : null), [jobs]);
  useEffect(() => {
    if (!layout || !('layers' in layout) || !jobs || !metricsPath || reported.current) return;
    const frame = requestAnimationFrame(() => {
      reported.current = true;
      const seconds = (performance.now() - layout.startedAt) / 1000;
      // As GitLab's: nothing measured, nothing sent.
      if (!seconds) return;
      const body = graphMetricsBody(seconds, countLinks(jobs), jobs.length);
      request(metricsPath, { method: 'POST', body }).catch(() => undefined);
    });
    return () => cancelAnimationFrame(frame);
  }, [layout, jobs, metricsPath]);
  return layout;
}
