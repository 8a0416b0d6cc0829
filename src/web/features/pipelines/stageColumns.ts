import type { PipelineStage } from '../../../shared/api/pipelinePages';

/** A column of the pipeline graph: a stage and its jobs. */
export type StageColumn<J> = { stage: PipelineStage; jobs: J[] };

/**
 * The pipeline graph's columns: the stages in the pipeline's order (from its page JSON), each with
 * its jobs from the REST list, sorted by name as GitLab's graph sorts them.
 */
export function stageColumns<J extends { stage: string; name: string }>(
  stages: readonly PipelineStage[],
  jobs: readonly J[],
): StageColumn<J>[] {
  return stages.map((stage) => ({
    stage,
    jobs: jobs
      .filter((job) => job.stage === stage.name)
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true })),
  }));
}
