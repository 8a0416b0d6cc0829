import type { Db } from '../../db/client';
import type { EventBus } from '../../realtime/bus';
import { announceHeadPipelineMoved, announceWrittenMergeRequest } from './merge-request-events';
import { findMergeRequestRowById } from './auto-merge.repo';
import type { MergeRequestEditsService } from './merge-request-edits.service';
import type { MergeRequestReadsService } from './merge-request-reads.service';
import type { MergeRequestVersionsService } from './merge-request-versions.service';
import {
  findMergeRequestLocation,
  findMergeRequestRecord,
  lockMergeRequest,
  updateMergeRequestRow,
  type MergeRequestRow,
} from './merge-requests.repo';
import type { MergeabilityService } from './mergeability.service';

export type { BranchHeads, CheckedMergeRequest, MergeRequestView } from './mergeability.service';
export { MAX_DIFF_FILES, type HeadMove } from './merge-request-versions.service';
export { MERGE_IN_PROGRESS } from './merge-request-edits.service';
export type { Page } from './merge-request-reads.service';
export { noteableOf } from './merge-request-subjects';

/** What auto-merge and merge trains set on a request: its waiting strategy, the choices kept, the reason it ended. */
export type AutoMergeSetting = Pick<
  MergeRequestRow,
  'autoMergeEnabled' | 'autoMergeStrategy' | 'mergeParams' | 'mergeError' | 'updatedAt'
>;

type Deps = {
  db: Db;
  bus: EventBus;
  reads: MergeRequestReadsService;
  edits: MergeRequestEditsService;
  mergeability: MergeabilityService;
  versions: MergeRequestVersionsService;
};

/**
 * What other features ask of merge requests, in one place: reading and listing them
 * (merge-request-reads), writing them (merge-request-edits), their mergeability and who may merge
 * (mergeability), their diff versions and pushes (merge-request-versions). Other features never
 * read or write merge request rows themselves; those that must, do it here, in their transaction.
 */
export function createMergeRequestsService({ db, bus, reads, edits, mergeability, versions }: Deps) {
  /** A request's row by id, as the system reads it (background work, not a user). */
  const rowById = (id: number, tx: Db = db) => findMergeRequestRowById(tx, id);

  /** A request's record by id, as the system reads it. */
  async function recordById(id: number) {
    const location = await findMergeRequestLocation(db, id);
    return location ? findMergeRequestRecord(db, location.projectId, location.iid) : undefined;
  }

  /** Holds a request's row until the caller's transaction ends: serializes writers about it (a push and a retry at once). */
  const lockRow = async (id: number, tx: Db): Promise<void> => {
    await lockMergeRequest(tx, id);
  };

  /** Sets or ends a request's auto-merge (merge trains' cars too), in the caller's transaction. */
  const setAutoMerge = (id: number, setting: AutoMergeSetting, tx: Db = db) =>
    updateMergeRequestRow(tx, id, setting);

  /**
   * A new pipeline ran for a retargeted request: the widget stops asking for one ("You should run
   * a new pipeline, because the target branch has changed for this merge request.").
   */
  async function newPipelineRan(id: number): Promise<void> {
    const row = await findMergeRequestRowById(db, id);
    if (!row?.retargeted) return;
    await announceWrittenMergeRequest(
      bus,
      await updateMergeRequestRow(db, id, { retargeted: false, updatedAt: row.updatedAt }),
    );
  }

  return {
    ...reads,
    ...edits,
    headsOf: mergeability.headsOf,
    detailOf: mergeability.detailOf,
    mayMergeInto: mergeability.mayMergeInto,
    mergedDetail: mergeability.mergedDetail,
    settleInterruptedMerges: mergeability.settleInterruptedMerges,
    statusChecksFrom: mergeability.statusChecksFrom,
    approvalsFrom: mergeability.approvalsFrom,
    headPipelinesFrom: mergeability.headPipelinesFrom,
    /** A pipeline of `ref` at `sha` moved on: the requests it is the head pipeline of are announced. */
    headPipelineMoved: (
      head: { projectId: number; ref: string; sha: string },
      moved: { finished: boolean },
    ) => announceHeadPipelineMoved(db, bus, head, moved),
    handlePush: versions.handlePush,
    whileApprovalsSync: versions.whileApprovalsSync,
    versionCommits: versions.versionCommits,
    changedPaths: versions.changedPaths,
    onHeadChanged: versions.onHeadChanged,
    onHeadMoving: versions.onHeadMoving,
    rowById,
    recordById,
    lockRow,
    setAutoMerge,
    newPipelineRan,
  };
}

export type MergeRequestsService = ReturnType<typeof createMergeRequestsService>;
