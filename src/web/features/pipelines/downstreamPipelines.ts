import type { Bridge, Job, PipelineBasic } from '../../../shared/api/pipelines';

/** The graph shows this many downstream pipelines, then a +N control for the rest (002 section 9). */
export const DOWNSTREAM_SHOWN = 3;

export type DownstreamCard = {
  bridge: Pick<Bridge, 'id' | 'name'>;
  pipeline: PipelineBasic;
  fullPath: string;
};

/** A downstream pipeline's project path, read off its web URL (`.../{full path}/-/pipelines/{id}`). */
export function projectPathOf(pipeline: Pick<PipelineBasic, 'web_url'>): string {
  const path = new URL(pipeline.web_url).pathname;
  return path.slice(1, path.indexOf('/-/pipelines/'));
}

/** The downstream pipelines of a pipeline's bridges, in the bridges' order; bridges that made none are left out. */
export function downstreamCards(bridges: readonly Bridge[]): DownstreamCard[] {
  return bridges.flatMap((bridge) =>
    bridge.downstream_pipeline
      ? [
          {
            bridge,
            pipeline: bridge.downstream_pipeline,
            fullPath: projectPathOf(bridge.downstream_pipeline),
          },
        ]
      : [],
  );
}

/** Those shown before the +N control is opened, and N. */
export function visibleDownstream<T>(cards: readonly T[], expanded: boolean): { shown: T[]; hidden: number } {
  if (expanded || cards.length <= DOWNSTREAM_SHOWN) return { shown: [...cards], hidden: 0 };
  return { shown: cards.slice(0, DOWNSTREAM_SHOWN), hidden: cards.length - DOWNSTREAM_SHOWN };
}

const JOB_ORDER = ['failed', 'manual', 'success'];

/** Downstream jobs as 002 section 2 sorts them: failed first, then manual, then success; others after, as listed. */
export function sortDownstreamJobs<J extends Pick<Job, 'status'>>(jobs: readonly J[]): J[] {
  const rank = (job: J) => {
    const index = JOB_ORDER.indexOf(job.status);
    return index < 0 ? JOB_ORDER.length : index;
  };
  return jobs
    .map((job, index) => ({ job, index }))
    .sort((a, b) => rank(a.job) - rank(b.job) || a.index - b.index)
    .map(({ job }) => job);
}
