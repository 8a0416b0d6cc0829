import type { Db } from '../../db/client';
import { lockBuild, listCurrentBuilds } from './builds.repo';
import { rootAncestorId } from './downstream.repo';
import { cancelLockedBuild } from './job-cancel';
import { jobOptionsOf } from './job-options';
import { isCompleted, processPipeline, type ProcessingDeps } from './pipeline-processing';
import {
  findRedundantCandidates,
  hasStartedUninterruptibleBuild,
  lockPipeline,
  updatePipeline,
  type PipelineRow,
  type RedundantCandidate,
} from './pipelines.repo';

/** GitLab looks back this far for redundant pipelines. */
const LOOK_BACK_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * Auto-cancel of redundant pipelines (the project's `auto_cancel_pending_pipelines`, on by
 * default), as GitLab's CancelRedundantPipelinesService: a new pipeline of a branch, tag or merge
 * request ref cancels the older ones of that ref still on their way, and their child pipelines
 * with them (a child shares its parent's ref and commit and is judged by its root's age, so one a
 * bridge created after the new pipeline goes too). Each older pipeline is cut as its own
 * `workflow:auto_cancel:on_new_commit` says: `conservative` (the default) only when it has started
 * no build that is not `interruptible`, then every job not finished; `interruptible`: its
 * interruptible jobs only, whatever else runs; `none`: never. Manual jobs stay, as GitLab leaves
 * them. Each pipeline remembers which one cancelled it. Returns the ids cancelled.
 */
export async function cancelRedundantPipelines(
  db: Db,
  deps: ProcessingDeps,
  pipeline: PipelineRow,
): Promise<number[]> {
  const now = deps.clock.now();
  const candidates = await findRedundantCandidates(db, pipeline, new Date(now.getTime() - LOOK_BACK_MS));
  const cancelled: number[] = [];
  for (const candidate of candidates) {
    if (candidate.autoCancelOnNewCommit === 'none') continue;
    // Newer pipelines are never redundant, nor the children of the new one or of newer ones.
    if ((await rootAncestorId(db, candidate)) >= pipeline.id) continue;
    if (await cancelRedundant(db, deps, candidate, pipeline.id)) cancelled.push(candidate.id);
  }
  return cancelled;
}

async function cancelRedundant(
  db: Db,
  deps: ProcessingDeps,
  candidate: RedundantCandidate,
  byId: number,
): Promise<boolean> {
  const onlyInterruptible = candidate.autoCancelOnNewCommit === 'interruptible';
  return db.transaction(async (tx) => {
    const locked = await lockPipeline(tx, candidate.id);
    // Looked at again under the lock: it may have finished, or started a job, meanwhile.
    if (!locked || isCompleted(locked.status)) return false;
    if (!onlyInterruptible && (await hasStartedUninterruptibleBuild(tx, candidate.id))) return false;
    let any = false;
    for (const build of await listCurrentBuilds(tx, candidate.id)) {
      if (build.status === 'manual') continue;
      if (onlyInterruptible && jobOptionsOf(build).interruptible !== true) continue;
      const row = await lockBuild(tx, build.id);
      if (row && (await cancelLockedBuild(tx, deps, row, false))) any = true;
    }
    if (!any && onlyInterruptible) return false;
    await updatePipeline(tx, candidate.id, { autoCanceledById: byId });
    await processPipeline(tx, deps, candidate.id);
    return true;
  });
}
