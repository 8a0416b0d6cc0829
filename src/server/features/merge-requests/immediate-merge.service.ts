import { MERGE_BLOCKER_MESSAGES } from '../../../shared/merge-checks/mergeChecks';
import { detailedMergeStatus } from '../../../shared/merge-requests/detailedMergeStatus';
import { mergeBlockerMessage, NOT_MERGEABLE } from '../../../shared/merge-requests/mergeBlockers';
import { squashOnMerge } from '../../../shared/merge-requests/squashOption';
import { mergeChoice, type MergeRefusal } from '../../../shared/merge-requests/mergeChoices';
import {
  mergerSourceBranchChoice,
  removesSourceBranchOnMerge,
} from '../../../shared/merge-requests/sourceBranchRemoval';
import type { CurrentUser } from '../../auth/current-user';
import { can } from '../../auth/permissions';
import type { BackgroundWork } from '../../background-work';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ForbiddenError } from '../../errors';
import type { GitPerson } from '../../git/commits';
import { prepareMerge } from '../../git/merge';
import { ZERO_SHA, branchRef, updateRefs, warmRefSessions } from '../../git/repository';
import type { EventBus } from '../../realtime/bus';
import type { GitHttpService } from '../git-http/git-http.service';
import type { PushChange } from '../git-http/push-hooks';
import { projectSubject, type ProjectContext } from '../projects/projects.service';
import { createMergeMessages, type MergeOptions } from './merge-messages';
import {
  lockForMerge,
  updateMergeRequestRow,
  type MergeRequestRecord,
  type MergeRequestRow,
} from './merge-requests.repo';
import { noteableOf, type BranchHeads, type MergeRequestsService } from './merge-requests.service';
import type { SystemNotesService } from '../notes/system-notes.service';
import { announceWrittenMergeRequest } from './merge-request-events';
import { createRetargetService } from './retarget.service';
import { landMerge, type LandingFailure, type MergeGit, type WrittenMerge } from './land-merge';
import { endOfMerge, mergedChanges } from './merge-settlement';
import type { AppProcesses } from '../../jobs/app-processes';

/** Why a merge that began did not land; the merge request keeps the reason as its `merge_error`. */
export const MERGE_FAILURES = {
  sourceMoved: 'Branch has been updated since the merge was requested. Please review the changes.',
  targetMoved: 'The target branch changed while merging',
  conflict: MERGE_BLOCKER_MESSAGES.conflicts,
  needsRebase: MERGE_BLOCKER_MESSAGES.rebase,
  unexpected: 'An error occurred while merging',
} as const;

/** What a merge that did not land says, by why. */
const LANDING_FAILURES: Record<LandingFailure, string> = {
  conflict: MERGE_FAILURES.conflict,
  needs_rebase: MERGE_FAILURES.needsRebase,
  source_moved: MERGE_FAILURES.sourceMoved,
  target_moved: MERGE_FAILURES.targetMoved,
};

/**
 * A merge asked for while another merge of the same request holds it `locked` (or has just landed
 * it): the answer says so rather than "must be open", and the widget follows that merge instead.
 */
export const ALREADY_BEING_MERGED = 'This merge request is already being merged.';

type Detail = Awaited<ReturnType<MergeRequestsService['detailIn']>>;
/** What a merge decides on: the request checked, with the actor's permissions. */
type Checked = Awaited<ReturnType<MergeRequestsService['checkedIn']>>;

export type MergeOutcome =
  | { kind: 'merged'; view: Detail }
  /** A check fails, the sha is stale or the squash choice is refused (shared/merge-requests/mergeChoices). */
  | MergeRefusal
  /** Another merge of the request is under way (REST 405; the widget shows it merging). */
  | { kind: 'being_merged'; message: typeof ALREADY_BEING_MERGED }
  /** The merge began and did not land; nothing was written to the target branch. */
  | { kind: 'failed'; message: string };

const BEING_MERGED = { kind: 'being_merged', message: ALREADY_BEING_MERGED } as const;

const systemGit: MergeGit = { prepareMerge, updateRefs };

type Deps = {
  db: Db;
  background: BackgroundWork;
  clock: Clock;
  bus: EventBus;
  config: Pick<Config, 'externalUrl'>;
  gitHttp: Pick<GitHttpService, 'announcePush'>;
  mergeRequests: Pick<
    MergeRequestsService,
    'findRecord' | 'headsOf' | 'detailIn' | 'detailOf' | 'mergedDetail' | 'mayMergeInto' | 'update'
  >;
  systemNotes: Pick<SystemNotesService, 'record' | 'announce'>;
  processes: Pick<AppProcesses, 'ownId'>;
  git?: MergeGit;
};

/**
 * Merges a merge request on the server, as GitLab's merge methods do: the commits are written
 * first, then the target branch moves by compare-and-swap, and only then the request is marked
 * merged. While a merge runs the request is `locked`, so a second merge of it is refused.
 */
export function createImmediateMerge({
  db,
  background,
  clock,
  bus,
  config,
  gitHttp,
  mergeRequests,
  systemNotes,
  processes,
  git = systemGit,
}: Deps) {
  const publish = (row: MergeRequestRow) => announceWrittenMergeRequest(bus, row);
  const retargets = createRetargetService({ db, mergeRequests });
  const { messagesFor } = createMergeMessages({ db, config });

  /** Ends a merge that did not land: the request opens again with the reason, to be checked afresh. */
  async function release(mr: MergeRequestRow, message: string): Promise<MergeOutcome> {
    const row = await db.transaction((tx) =>
      updateMergeRequestRow(tx, mr.id, {
        ...endOfMerge(clock.now()),
        state: 'opened',
        mergeStatus: 'unchecked',
        mergeError: message,
        mergeUserId: null,
      }),
    );
    await publish(row);
    return { kind: 'failed', message };
  }

  /**
   * Holds the request `locked` for this merge, if it is still open at the head and target that were
   * checked, and records the commit the target will move to: a merge cut short after the ref moved
   * is then settled as merged.
   */
  async function lock(
    actor: CurrentUser,
    mr: MergeRequestRow,
    choices: { squash: boolean; shouldRemoveSourceBranch?: boolean; newHead: string | null },
  ) {
    // Which process holds the merge, so that it is settled at once if this process dies. Without
    // one (the database would not say), a merge cut short waits out STUCK_MERGE_MS instead.
    const holder = await processes.ownId().catch(() => null);
    const now = clock.now();
    return lockForMerge(db, mr, {
      mergeProcessId: holder,
      squash: choices.squash,
      shouldRemoveSourceBranch: choices.shouldRemoveSourceBranch ?? mr.shouldRemoveSourceBranch,
      mergeError: null,
      mergeUserId: actor.id,
      mergeStartedAt: now,
      inProgressMergeCommitSha: choices.newHead,
      updatedAt: now,
    });
  }

  /** A merge computed again on a moved target records the commit the target will move to now. */
  async function recordInProgress(mr: MergeRequestRow, newHead: string): Promise<void> {
    await updateMergeRequestRow(db, mr.id, { inProgressMergeCommitSha: newHead, updatedAt: clock.now() });
  }

  /** Whether the actor may merge into the request's target: an open request's detail says so already. */
  async function mayMerge(actor: CurrentUser, ctx: ProjectContext, view: Checked): Promise<boolean> {
    const mr = view.mergeRequest;
    if (mr.state === 'opened') return view.permissions.canMerge;
    return mergeRequests.mayMergeInto(actor, ctx, mr.targetBranch);
  }

  /** Merges now, or says why not. Permission problems are errors (403 may not merge). */
  async function mergeIn(
    actor: CurrentUser,
    ctx: ProjectContext,
    iid: number,
    options: MergeOptions,
    onHookError: (error: unknown) => void,
  ): Promise<MergeOutcome> {
    // git's readers and writers start while the database answers; each costs a process start.
    warmRefSessions(ctx.gitDir);
    const record = await mergeRequests.findRecord(ctx, iid);
    const heads = mergeRequests.headsOf(ctx, record.mergeRequest);
    // The merge's commits are written while its checks are read, for whoever may push code (as
    // every merger may): until a ref points at them they are only objects, as a push's are, and a
    // merge that is refused leaves nothing but garbage for git to prune.
    let commits =
      record.mergeRequest.state === 'opened' && can(actor, 'push_code', projectSubject(ctx))
        ? writeCommits(actor, ctx, record, heads, options)
        : null;
    // The heads first (a line from a running git): the checks' reads, which PGlite runs on this
    // thread, would otherwise hold them back, and with them the start of the commits.
    if (commits) await heads;
    const view = await mergeRequests.detailOf(actor, ctx, record, heads);
    const mr = view.mergeRequest;
    if (!(await mayMerge(actor, ctx, view))) throw new ForbiddenError();
    if (mr.state === 'locked') return BEING_MERGED;
    const status = detailedMergeStatus(view.mergeability);
    const branches = { ...mr, sourceBranchExists: view.sourceBranchExists };
    const choice = mergeChoice(view, status === 'mergeable' ? null : status, options);
    if (!choice.ok) return choice.refusal;
    commits ??= writeCommits(actor, ctx, view, heads, options);
    // The lock records what the commits move the target to; a failure to write them is thrown
    // where carryOut awaits them again, and releases the lock.
    const written = await commits.catch(() => null);

    const removal = {
      mergerChoice: options.shouldRemoveSourceBranch,
      requestChoice: mr.shouldRemoveSourceBranch,
      projectDefault: view.settings.removeSourceBranchAfterMerge,
      mergerMayRemove: view.permissions.canRemoveSourceBranch,
      authorMayRemove: view.permissions.authorCanRemoveSourceBranch,
    };
    const locked = await lock(actor, mr, {
      squash: choice.squash,
      // Kept as the request's choice only when the merger may make it: a merge that fails
      // must not leave a deletion behind for the next merge to carry out as the author.
      shouldRemoveSourceBranch: mergerSourceBranchChoice(removal),
      newHead: written?.result.ok ? written.result.value.newHead : null,
    });
    if (!locked) {
      const now = await mergeRequests.detailIn(actor, ctx, iid);
      // Lost to a merge that took the lock first: it runs, or has already landed.
      if (now.mergeRequest.state === 'locked' || now.mergeRequest.state === 'merged') return BEING_MERGED;
      const current = detailedMergeStatus(now.mergeability);
      return {
        kind: 'not_mergeable',
        message: current === 'mergeable' ? NOT_MERGEABLE : mergeBlockerMessage(current, branches),
      };
    }
    await publish(locked);
    return carryOut(actor, ctx, locked, {
      prepared: commits,
      removeSource: removesSourceBranchOnMerge(removal),
      view,
      onHookError,
    });
  }

  /**
   * Starts writing the merge's commits (no ref moves) for the heads being read; null when they
   * cannot be merged as they stand (a branch gone, a head past the request's, a squash choice the
   * project refuses), which the merge reports. A failure is reported where it is awaited.
   */
  function writeCommits(
    actor: CurrentUser,
    ctx: ProjectContext,
    record: MergeRequestRecord,
    heads: Promise<BranchHeads>,
    options: MergeOptions,
  ): Promise<WrittenMerge | null> {
    const written = (async (): Promise<WrittenMerge | null> => {
      const mr = record.mergeRequest;
      const squash = squashOnMerge(record.settings.squashOption, options.squash, mr.squash);
      if (!squash.ok) return null;
      const [messages, [sourceHead, targetHead]] = await Promise.all([
        messagesFor(record, actor, options, squash.squash),
        heads,
      ]);
      if (!targetHead || !sourceHead || sourceHead !== mr.headSha) return null;
      const at = (who: { name: string; email: string }): GitPerson => ({
        name: who.name,
        email: who.email,
        date: clock.now(),
      });
      const squashAuthor =
        record.author && record.authorEmail ? { name: record.author.name, email: record.authorEmail } : actor;
      const plan = {
        method: record.settings.mergeMethod,
        targetHead,
        sourceHead,
        message: messages.merge,
        squash: messages.squash === null ? null : { message: messages.squash, author: at(squashAuthor) },
        merger: at(actor),
      };
      return { plan, result: await git.prepareMerge(ctx.gitDir, plan) };
    })();
    // A merge refused by its checks never awaits the commits it started.
    written.catch(() => undefined);
    return written;
  }

  async function carryOut(
    actor: CurrentUser,
    ctx: ProjectContext,
    mr: MergeRequestRow,
    plan: {
      /** The commits written for the checked heads (see writeCommits). */
      prepared: Promise<WrittenMerge | null>;
      /** The source branch goes with the merge (shared/merge-requests/sourceBranchRemoval). */
      removeSource: boolean;
      /** What the merge checked: its branch heads are the ones the refs must still hold. */
      view: Detail;
      onHookError: (error: unknown) => void;
    },
  ): Promise<MergeOutcome> {
    const targetRef = branchRef(mr.targetBranch);
    let targetMoved = false;
    const { view, removeSource } = plan;
    try {
      // Read a moment ago by the checks; the ref transaction refuses if either moved since.
      const { sourceHead } = view;
      if (!view.targetHead || !sourceHead) return await release(mr, NOT_MERGEABLE);
      const written = sourceHead === mr.headSha ? await plan.prepared : null;
      if (!written) return await release(mr, MERGE_FAILURES.sourceMoved);
      const landing = await landMerge(git, {
        gitDir: ctx.gitDir,
        targetBranch: mr.targetBranch,
        sourceBranch: mr.sourceBranch,
        removeSource,
        written,
        beforeMove: (newHead) => recordInProgress(mr, newHead),
      });
      if (!landing.ok) return await release(mr, LANDING_FAILURES[landing.failure]);
      const { targetHead } = landing;
      const { newHead, mergeCommitSha, squashCommitSha } = landing.merged;
      const sourceRef = branchRef(mr.sourceBranch);
      targetMoved = true;

      const now = clock.now();
      const { merged, note } = await db.transaction(async (tx) => {
        const row = await updateMergeRequestRow(
          tx,
          mr.id,
          mergedChanges({ mergedById: actor.id, at: now, mergeCommitSha, squashCommitSha }),
        );
        const mergedNote = await systemNotes.record(
          { ...noteableOf(row), authorId: actor.id, action: 'merged', body: 'merged' },
          tx,
        );
        return { merged: row, note: mergedNote };
      });
      const changes: PushChange[] = [{ ref: targetRef, oldSha: targetHead, newSha: newHead }];
      if (removeSource) changes.push({ ref: sourceRef, oldSha: sourceHead, newSha: ZERO_SHA });
      await publish(merged);
      await systemNotes.announce(note);
      // The merge has landed and says so: what follows the refs moving (other requests into the
      // target to check again, requests onto a removed source to retarget) runs after the answer,
      // as any push's would from another process; the refs and the request are settled already.
      background.run(async () => {
        await gitHttp.announcePush({ project: ctx, actor, changes }, plan.onHookError);
        if (removeSource) await retargets.retargetChain(actor, merged);
      }, plan.onHookError);
      const mergedBy = { id: actor.id, username: actor.username, name: actor.name, state: actor.state };
      return {
        kind: 'merged',
        view: mergeRequests.mergedDetail(view, merged, mergedBy, {
          source: removeSource ? null : sourceHead,
          target: newHead,
        }),
      };
    } catch (error) {
      // Once the target moved the merge happened: the request stays locked and the next read settles it as merged.
      if (!targetMoved) await release(mr, MERGE_FAILURES.unexpected).catch(() => undefined);
      throw error;
    }
  }

  return { mergeIn };
}

export type ImmediateMerge = ReturnType<typeof createImmediateMerge>;
