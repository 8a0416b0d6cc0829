import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { readCommit } from '../../git/commits';
import { branchRef, isAncestor, resolveCommit } from '../../git/repository';
import type { AppProcesses } from '../../jobs/app-processes';
import type { EventBus } from '../../realtime/bus';
import type { SystemNotesService } from '../notes/system-notes.service';
import { announceMergeRequest } from './merge-request-events';
import {
  listLockedMergeRequests,
  lockMergeRequest,
  markTargetUnchecked,
  updateMergeRequestRow,
  type MergeRequestRecord,
  type MergeRequestRow,
  type NewMergeRequest,
} from './merge-requests.repo';

/**
 * A merge holds its request `locked` for seconds; one whose process is gone was cut short, and
 * one still locked after this long (its process unknown, or stuck) is taken as cut short too.
 */
export const STUCK_MERGE_MS = 10 * 60 * 1000;

/** What a landed merge writes on its request, whoever records it: the merge, or its settlement. */
export function mergedChanges(landed: {
  mergedById: number | null;
  at: Date;
  mergeCommitSha: string | null;
  squashCommitSha: string | null;
}): Partial<NewMergeRequest> & { updatedAt: Date } {
  return {
    state: 'merged',
    // A merge, by hand or by auto-merge, ends any auto-merge that was waiting.
    autoMergeEnabled: false,
    autoMergeStrategy: null,
    mergeParams: null,
    mergedById: landed.mergedById,
    mergedAt: landed.at,
    mergeCommitSha: landed.mergeCommitSha,
    squashCommitSha: landed.squashCommitSha,
    ...endOfMerge(landed.at),
  };
}

/** A merge that is over, either way, holds nothing any more. */
export const endOfMerge = (at: Date) => ({
  mergeStartedAt: null,
  inProgressMergeCommitSha: null,
  mergeProcessId: null,
  updatedAt: at,
});

type Locked = Pick<MergeRequestRow, 'state' | 'mergeStartedAt' | 'mergeProcessId'>;

type Deps = {
  db: Db;
  clock: Clock;
  bus: EventBus;
  processes: Pick<AppProcesses, 'gone'>;
  systemNotes: Pick<SystemNotesService, 'record' | 'announce'>;
};

/**
 * Settles merges cut short (the process died between locking the request and recording the
 * result) by what the repository says: if the target branch holds the commit the merge was about
 * to move it to, the request was merged (with its `merged` note, written once); otherwise nothing
 * landed and it opens again, to be checked and merged afresh.
 */
export function createMergeSettlement({ db, clock, bus, processes, systemNotes }: Deps) {
  /** Whether a locked request's merge is over: its process is gone, or it has run far too long. */
  function isOver(mr: Locked, gone: ReadonlySet<number>): boolean {
    const startedAt = mr.mergeStartedAt;
    if (mr.state !== 'locked' || !startedAt) return false;
    if (mr.mergeProcessId !== null && gone.has(mr.mergeProcessId)) return true;
    return clock.now().getTime() - startedAt.getTime() >= STUCK_MERGE_MS;
  }

  async function goneOf(mrs: Locked[]): Promise<Set<number>> {
    const holders = mrs.flatMap((mr) =>
      mr.state === 'locked' && mr.mergeProcessId !== null ? [mr.mergeProcessId] : [],
    );
    return holders.length > 0 ? processes.gone(holders) : new Set();
  }

  /** The squash commit of a merge that landed at `written`, read from its commits. */
  async function squashCommitOf(gitDir: string, record: MergeRequestRecord, written: string) {
    if (!record.mergeRequest.squash) return null;
    if (record.settings.mergeMethod === 'ff') return written;
    return (await readCommit(gitDir, written))?.parentShas[1] ?? null;
  }

  /**
   * Settles the request if its merge is over: `settled` by this call, `raced` when another settled
   * or finished it meanwhile (the row is locked and checked again before it is written).
   */
  async function settle(
    gitDir: string,
    record: MergeRequestRecord,
  ): Promise<'not_over' | 'settled' | 'raced'> {
    const mr = record.mergeRequest;
    if (!isOver(mr, await goneOf([mr]))) return 'not_over';
    const startedAt = mr.mergeStartedAt;
    const targetHead = await resolveCommit(gitDir, branchRef(mr.targetBranch));
    const written = mr.inProgressMergeCommitSha;
    const landed = written !== null && targetHead !== null && (await isAncestor(gitDir, written, targetHead));
    const squashCommitSha = landed ? await squashCommitOf(gitDir, record, written) : null;
    const now = clock.now();
    const settled = await db.transaction(async (tx) => {
      const locked = await lockMergeRequest(tx, mr.id);
      if (locked?.state !== 'locked' || locked.mergeStartedAt?.getTime() !== startedAt?.getTime())
        return null;
      if (!landed) {
        const row = await updateMergeRequestRow(tx, mr.id, {
          ...endOfMerge(now),
          state: 'opened',
          mergeStatus: 'unchecked',
        });
        return { row, note: null };
      }
      const row = await updateMergeRequestRow(
        tx,
        mr.id,
        mergedChanges({
          mergedById: locked.mergeUserId,
          at: now,
          mergeCommitSha: record.settings.mergeMethod === 'ff' ? null : written,
          squashCommitSha,
        }),
      );
      const note = await systemNotes.record(
        {
          projectId: row.projectId,
          noteableType: 'MergeRequest',
          noteableId: row.id,
          authorId: locked.mergeUserId,
          action: 'merged',
          body: 'merged',
        },
        tx,
      );
      // The target moved without the merge's push hooks: other requests into it are checked again.
      const unchecked = await markTargetUnchecked(tx, row.projectId, row.targetBranch);
      return { row, note, unchecked };
    });
    if (!settled) return 'raced';
    await announceMergeRequest(bus, settled.row);
    if (settled.note) await systemNotes.announce(settled.note);
    for (const other of settled.unchecked ?? []) await announceMergeRequest(bus, other);
    return 'settled';
  }

  /**
   * At start: every merge a process that is gone left `locked` (or one stuck too long), in every
   * project, is settled at once. Merges of live processes are left to them. Answers how many.
   */
  async function settleInterrupted(
    gitDirOf: (projectId: number) => string,
    recordOf: (projectId: number, iid: number) => Promise<MergeRequestRecord | undefined>,
  ): Promise<number> {
    const locked = await listLockedMergeRequests(db);
    const gone = await goneOf(locked.map((mr) => ({ ...mr, state: 'locked' as const })));
    let settled = 0;
    for (const mr of locked) {
      if (!isOver({ ...mr, state: 'locked' }, gone)) continue;
      const record = await recordOf(mr.projectId, mr.iid);
      if (record && (await settle(gitDirOf(mr.projectId), record)) === 'settled') settled++;
    }
    return settled;
  }

  return { settle, settleInterrupted };
}

export type MergeSettlement = ReturnType<typeof createMergeSettlement>;
