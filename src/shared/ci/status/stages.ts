import { compositeStatus, type CiStatus } from './composite';

/** What a stage is composed from: a current job (retried attempts left out) of the pipeline. */
export type StageJob = { stage: string; stageIdx: number; status: CiStatus; allowFailure: boolean };

/** A stage as the mini graph and the pipeline graph show it. */
export type StageStatus = { name: string; status: CiStatus; warnings: boolean };

/**
 * A pipeline's stages in the configuration's order (`stage_idx`), each with the status its jobs
 * compose (GitLab's Status::Composite); a stage has at least one job.
 */
export function pipelineStages(jobs: readonly StageJob[]): StageStatus[] {
  const byIdx = new Map<number, StageJob[]>();
  for (const job of jobs) {
    const list = byIdx.get(job.stageIdx) ?? [];
    list.push(job);
    byIdx.set(job.stageIdx, list);
  }
  return [...byIdx]
    .sort(([a], [b]) => a - b)
    .map(([, stageJobs]) => {
      const composed = compositeStatus(stageJobs);
      return { name: stageJobs[0]!.stage, status: composed.status ?? 'skipped', warnings: composed.warnings };
    });
}
