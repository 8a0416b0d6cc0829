import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { listCommits } from '../../git/commits';
import { countChangedFiles, diffCommits, listChangedFiles, type DiffResult } from '../../git/diff';
import { ZERO_SHA, branchRef, mergeBase, resolveCommit } from '../../git/repository';
import { createHooks } from '../../hooks';
import type { EventBus } from '../../realtime/bus';
import type { ServiceLog } from '../../service-log';
import { commitsAddedText } from '../notes/system-note-texts';
import type { SystemNotesService } from '../notes/system-notes.service';
import type { ProjectContext, ProjectsService } from '../projects/projects.service';
import { findMergeRequestRowById } from './auto-merge.repo';
import { announceMergeRequest } from './merge-request-events';
import { noteableOf } from './merge-request-subjects';
import {
  commitFacts,
  findOpenBySourceBranches,
  insertDiffVersion,
  latestDiffVersion,
  listDiffCommits,
  lockMergeRequest,
  markTargetUnchecked,
  updateMergeRequestRow,
  type DiffVersionRow,
  type MergeRequestRow,
  type NewDiffCommit,
} from './merge-requests.repo';

/** A request's head moving to a new diff version: from the previous version's head (null: the first) to `headSha`, diffed from `baseSha`. */
export type HeadMove = {
  mergeRequestId: number;
  previousHeadSha: string | null;
  headSha: string;
  baseSha: string;
};

/** GitLab lists at most this many files in `changes` before it reports an overflow. */
export const MAX_DIFF_FILES = 1000;

type Deps = {
  db: Db;
  clock: Clock;
  bus: EventBus;
  projects: Pick<ProjectsService, 'gitDirOf'>;
  systemNotes: Pick<SystemNotesService, 'record' | 'announce'>;
  log: ServiceLog;
};

/**
 * Diff versions and pushes: what a version records (base, start and head commits, its commits),
 * the "added N commits" note, and what a push does to the open requests of its branches. Other
 * features hear of a request's new head commit through `onHeadChanged`.
 */
export function createMergeRequestVersionsService({ db, clock, bus, projects, systemNotes, log }: Deps) {
  /** A request got a new head commit (opened, or its branch pushed): status checks and merge request pipelines add themselves here. */
  const onHeadChanged = createHooks<[mergeRequestId: number, actorId: number | null]>();
  /**
   * A request's head is about to move to a new diff version, inside the transaction that moves it:
   * what must never outlive the old head (approvals) goes in the same commit.
   */
  const onHeadMoving = createHooks<[tx: Db, move: HeadMove]>();

  /**
   * A new head commit is news to whoever listens (with who brought it: the author who opened the
   * request, or the pusher); their failure to hear it leaves their checks pending, so it is
   * logged, and the push that moved the head stands.
   */
  const announceHead = (mergeRequestId: number, actorId: number | null = null) =>
    onHeadChanged
      .run(mergeRequestId, actorId)
      .catch((error: unknown) =>
        log.error({ err: error, mergeRequestId }, 'announcing a merge request’s new head failed'),
      );

  const publish = (row: Pick<MergeRequestRow, 'id' | 'iid' | 'projectId'>) => announceMergeRequest(bus, row);

  /** What a diff version records: base = merge-base(target, source), start = target head, head = source head. */
  async function collectDiff(gitDir: string, targetHead: string, sourceHead: string) {
    const base = (await mergeBase(gitDir, targetHead, sourceHead)) ?? targetHead;
    const [commits, filesCount] = await Promise.all([
      listCommits(gitDir, { revision: `${base}..${sourceHead}` }),
      countChangedFiles(gitDir, base, sourceHead),
    ]);
    const rows: NewDiffCommit[] = commits.map((commit, index) => ({
      relativeOrder: index,
      ...commitFacts(commit),
    }));
    return {
      version: {
        baseCommitSha: base,
        startCommitSha: targetHead,
        headCommitSha: sourceHead,
        commitsCount: commits.length,
        filesCount,
      },
      commits: rows,
    };
  }

  type CollectedDiff = Awaited<ReturnType<typeof collectDiff>>;

  async function recordDiff(tx: Db, mergeRequestId: number, diff: CollectedDiff, now: Date) {
    const previous = await latestDiffVersion(tx, mergeRequestId);
    await onHeadMoving.run(tx, {
      mergeRequestId,
      previousHeadSha: previous?.headCommitSha ?? null,
      headSha: diff.version.headCommitSha,
      baseSha: diff.version.baseCommitSha,
    });
    return insertDiffVersion(
      tx,
      { ...diff.version, mergeRequestId, versionIndex: (previous?.versionIndex ?? 0) + 1, createdAt: now },
      diff.commits,
    );
  }

  /** The commits of a new diff that the previous version did not have, newest first. */
  async function commitsAdded(tx: Db, mergeRequestId: number, diff: CollectedDiff) {
    const previous = await latestDiffVersion(tx, mergeRequestId);
    const known = new Set(
      previous ? (await listDiffCommits(tx, previous.id)).map((commit) => commit.sha) : [],
    );
    return diff.commits
      .filter((commit) => !known.has(commit.sha))
      .map((commit) => ({ id: commit.sha, short_id: commit.sha.slice(0, 8), title: commit.title }));
  }

  /** "added N commits" when a push brought commits the request did not have (written in the push's transaction). */
  async function recordPushNote(tx: Db, mr: MergeRequestRow, authorId: number | null, diff: CollectedDiff) {
    const commits = await commitsAdded(tx, mr.id, diff);
    if (commits.length === 0) return null;
    return systemNotes.record(
      {
        ...noteableOf(mr),
        authorId,
        action: 'commit',
        body: commitsAddedText(commits),
        metadata: { commits, commits_count: commits.length },
      },
      tx,
    );
  }

  async function diffOf(ctx: ProjectContext, version: DiffVersionRow | null, maxFiles = MAX_DIFF_FILES) {
    if (!version) return { files: [], overflow: false } satisfies DiffResult;
    return diffCommits(ctx.gitDir, version.baseCommitSha, version.headCommitSha, { maxFiles });
  }

  /**
   * After a push: open requests from a pushed branch get a new diff version when their head
   * moved; requests into a pushed branch get their mergeability checked again on the next read.
   * Returns the ids of the requests that got a new version (their diff notes follow).
   */
  async function handlePush(push: {
    projectId: number;
    /** Who pushed, for the "added N commits" note; null when unknown. */
    pusherId?: number | null;
    changes: Array<{ ref: string; oldSha: string; newSha: string }>;
  }): Promise<number[]> {
    const versioned: number[] = [];
    const pushed = push.changes.filter((c) => c.ref.startsWith('refs/heads/'));
    const branches = pushed.map((c) => c.ref.slice('refs/heads/'.length));
    for (const mr of await findOpenBySourceBranches(db, push.projectId, branches)) {
      const change = pushed.find((c) => c.ref === branchRef(mr.sourceBranch));
      if (!change || change.newSha === mr.headSha) continue;
      const updated = await whileApprovalsSync(mr, () => recordPush(mr, change, push.pusherId ?? null));
      if (!updated) continue;
      if (updated.diff) versioned.push(mr.id);
      await publish(updated.row);
      for (const note of updated.notes) await systemNotes.announce(note);
      if (updated.diff) await announceHead(mr.id, push.pusherId ?? null);
    }
    for (const branch of branches) {
      for (const row of await markTargetUnchecked(db, push.projectId, branch)) await publish(row);
    }
    return versioned;
  }

  /**
   * Runs the work that derives a request's approval state again (a push's new head, recorded with
   * the approvals it removes): until it is done, merge checks answer "approvals syncing" and merges
   * wait. The mark is set before the work starts and cleared when it ends, whether or not it failed.
   */
  async function whileApprovalsSync<T>(mr: MergeRequestRow, work: () => Promise<T>): Promise<T> {
    // Not announced by itself (the work's outcome is, once): its lock_version bump renews ETags,
    // so a page that polls meanwhile reads the syncing check.
    await updateMergeRequestRow(db, mr.id, { approvalsSyncingSince: clock.now(), updatedAt: mr.updatedAt });
    try {
      return await work();
    } finally {
      await clearApprovalsSyncing(mr.id);
    }
  }

  /** Clears the syncing mark where the work did not (skipped, or failed). */
  async function clearApprovalsSyncing(mergeRequestId: number) {
    const row = await findMergeRequestRowById(db, mergeRequestId);
    if (row?.approvalsSyncingSince)
      await publish(
        await updateMergeRequestRow(db, mergeRequestId, {
          approvalsSyncingSince: null,
          updatedAt: row.updatedAt,
        }),
      );
  }

  /** A push's new head for one request: its diff collected, then recorded with the head in one transaction. */
  async function recordPush(mr: MergeRequestRow, change: { newSha: string }, pusherId: number | null) {
    const gitDir = projects.gitDirOf(mr.projectId);
    const targetHead = await resolveCommit(gitDir, branchRef(mr.targetBranch));
    const diff =
      change.newSha !== ZERO_SHA && targetHead ? await collectDiff(gitDir, targetHead, change.newSha) : null;
    return db.transaction(async (tx) => {
      const locked = await lockMergeRequest(tx, mr.id);
      if (!locked || locked.state !== 'opened' || locked.headSha === change.newSha) return null;
      const now = clock.now();
      const headSha = diff ? change.newSha : locked.headSha;
      // The approval state follows the new head: syncing ends as this transaction commits.
      const row = await updateMergeRequestRow(tx, mr.id, {
        headSha,
        mergeStatus: 'unchecked',
        approvalsSyncingSince: null,
        updatedAt: now,
      });
      const note = diff ? await recordPushNote(tx, row, pusherId, diff) : null;
      if (diff) await recordDiff(tx, mr.id, diff, now);
      return { row, diff, notes: note ? [note] : [] };
    });
  }

  /** The commits a diff version recorded, newest first (for other features: they do not read our tables). */
  const versionCommits = (versionId: number) => listDiffCommits(db, versionId);

  /** The paths a request's latest diff changes, old and new names of a rename both (code owners match them). */
  async function changedPaths(mr: Pick<MergeRequestRow, 'id' | 'projectId'>): Promise<string[]> {
    const version = await latestDiffVersion(db, mr.id);
    if (!version) return [];
    const files = await listChangedFiles(
      projects.gitDirOf(mr.projectId),
      version.baseCommitSha,
      version.headCommitSha,
    );
    return [...new Set(files.flatMap((file) => [file.oldPath, file.newPath]))];
  }

  return {
    onHeadChanged: { add: onHeadChanged.add },
    onHeadMoving: { add: onHeadMoving.add },
    announceHead,
    collectDiff,
    recordDiff,
    recordPushNote,
    diffOf,
    handlePush,
    whileApprovalsSync,
    versionCommits,
    changedPaths,
  };
}

export type MergeRequestVersionsService = ReturnType<typeof createMergeRequestVersionsService>;
export type CollectedDiff = Awaited<ReturnType<MergeRequestVersionsService['collectDiff']>>;
