import type { CurrentUser } from '../../auth/current-user';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { MergeRequestRow } from './merge-requests.repo';
import type { MergeRequestsService } from './merge-requests.service';
import { findOpenTargeting } from './retarget.repo';

/** GitLab's `RetargetChainService::MAX_RETARGET_MERGE_REQUESTS`: a merge moves at most this many requests. */
export const MAX_RETARGET_MERGE_REQUESTS = 4;

type Deps = { db: Db; mergeRequests: Pick<MergeRequestsService, 'update'> };

/**
 * GitLab's retarget chain: once a merge deleted its source branch, the open requests that targeted
 * that branch would have nothing to merge into, so they move to the merged request's target. Each
 * move is an edit by the merger (so only requests the merger may edit move), which computes a new
 * diff version against the new target, marks the request `retargeted` and writes GitLab's note.
 */
export function createRetargetService({ db, mergeRequests }: Deps) {
  async function retargetChain(actor: CurrentUser, merged: MergeRequestRow): Promise<void> {
    // A fork's branch is not a branch of this project, so nothing here could target it.
    if (merged.state !== 'merged' || merged.sourceProjectId !== merged.projectId) return;
    const chained = await findOpenTargeting(
      db,
      merged.projectId,
      merged.sourceBranch,
      MAX_RETARGET_MERGE_REQUESTS,
    );
    for (const { iid } of chained) {
      try {
        await mergeRequests.update(
          actor,
          merged.projectId,
          iid,
          { target_branch: merged.targetBranch },
          { targetBranchWasDeleted: true },
        );
      } catch (error) {
        // As GitLab's update, a refused move (no permission, an open request for the new pair
        // already) leaves that request as it was; the merge itself has happened.
        if (!(error instanceof AppError)) throw error;
      }
    }
  }

  return { retargetChain };
}

export type RetargetService = ReturnType<typeof createRetargetService>;
