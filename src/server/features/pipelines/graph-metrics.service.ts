import {
  emptyHistogram,
  GRAPH_HISTOGRAM_NAMES,
  observe,
  type GraphHistogramName,
  type Histogram,
} from '../../../shared/ci/status/graphMetrics';
import { can, type Actor } from '../../auth/permissions';
import { NotFoundError } from '../../errors';
import { projectSubject, type ProjectsService } from '../projects/projects.service';

type Deps = { projects: Pick<ProjectsService, 'loadProject'> };

/**
 * The pipeline graph's performance metrics its viewers' browsers report, kept per process as
 * Prometheus histograms with GitLab's buckets (what a scrape of this process would read).
 */
export function createGraphMetrics({ projects }: Deps) {
  const histograms = new Map<GraphHistogramName, Histogram>(
    GRAPH_HISTOGRAM_NAMES.map((name) => [name, emptyHistogram(name)]),
  );

  /** Observations from a viewer of the project's pipelines (404 for anyone else, as its pages). */
  async function record(
    actor: Actor,
    fullPath: string,
    observations: Array<{ name: GraphHistogramName; value: number }>,
  ): Promise<void> {
    const ctx = await projects.loadProject(actor, fullPath);
    if (!can(actor, 'read_pipeline', projectSubject(ctx))) throw new NotFoundError('Project');
    for (const { name, value } of observations) histograms.set(name, observe(histograms.get(name)!, value));
  }

  const snapshot = (): Record<GraphHistogramName, Histogram> =>
    Object.fromEntries(histograms) as Record<GraphHistogramName, Histogram>;

  return { record, snapshot };
}

export type GraphMetrics = ReturnType<typeof createGraphMetrics>;
