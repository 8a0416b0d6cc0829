import type { Db } from '../../db/client';
import { lockBuild, listCurrentBuilds } from './builds.repo';
import { cancelLockedBuild } from './job-cancel';
import { processPipeline, type ProcessingDeps } from './pipeline-processing';
import { findRedundantPipelines, lockPipeline, updatePipeline, type PipelineRow } from './pipelines.repo';

/** GitLab looks back this far for redundant pipelines. */
const LOOK_BACK_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * Auto-cancel of redundant pipelines (the project's `auto_cancel_pending_pipelines`, on by
 * default): a new pipeline of a branch, tag or merge request ref cancels the older ones of that ref
 * still on their way, unless one has started a job that is not `interruptible`. Their jobs not yet
 * finished are canceled (manual ones stay, as GitLab leaves them), and each remembers which
 * pipeline cancelled it. Returns the ids cancelled.
 */
export async function cancelRedundantPipelines(
  db: Db,
  deps: ProcessingDeps,
  pipeline: PipelineRow,
): Promise<number[]> {
  const now = deps.clock.now();
  const candidates = await findRedundantPipelines(db, pipeline, new Date(now.getTime() - LOOK_BACK_MS));
  const cancelled: number[] = [];
  for (const id of candidates) {
    const done = await db.transaction(async (tx) => {
      const locked = await lockPipeline(tx, id);
      // Looked at again under the lock: a job may have started meanwhile.
      if (!locked || !(await findRedundantPipelines(tx, pipeline, new Date(0))).includes(id)) return false;
      for (const build of await listCurrentBuilds(tx, id)) {
        if (build.status === 'manual') continue;
        const row = await lockBuild(tx, build.id);
        if (row) await cancelLockedBuild(tx, deps, row, false);
      }
      await updatePipeline(tx, id, { autoCanceledById: pipeline.id });
      await processPipeline(tx, deps, id);
      return true;
    });
    if (done) cancelled.push(id);
  }
  return cancelled;
}
