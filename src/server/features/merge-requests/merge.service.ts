import {
  mergeCommitMessage,
  squashCommitMessage,
  type CommitMessageFacts,
} from '../../../shared/merge-requests/commitMessage';
import { MERGE_BLOCKER_MESSAGES } from '../../../shared/merge-checks/mergeChecks';
import { detailedMergeStatus } from '../../../shared/merge-requests/detailedMergeStatus';
import { mergeBlockerMessage, NOT_MERGEABLE } from '../../../shared/merge-requests/mergeBlockers';
import { squashOnMerge } from '../../../shared/merge-requests/squashOption';
import type { CurrentUser } from '../../auth/current-user';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ForbiddenError } from '../../errors';
import type { GitPerson } from '../../git/commits';
import { prepareMerge } from '../../git/merge';
import { ZERO_SHA, branchHeads, branchRef, updateRefs } from '../../git/repository';
import type { EventBus } from '../../realtime/bus';
import type { GitHttpService } from '../git-http/git-http.service';
import type { PushChange } from '../git-http/push-hooks';
import type { ProjectContext } from '../projects/projects.service';
import {
  listDiffCommits,
  lockMergeRequest,
  setInProgressMergeCommit,
  updateMergeRequestRow,
  type MergeRequestRow,
} from './merge-requests.repo';
import { noteableOf, type MergeRequestsService } from './merge-requests.service';
import type { SystemNotesService } from '../notes/system-notes.service';
import { announceMergeRequest } from './merge-request-events';

/** Why a merge that began did not land; the merge request keeps the reason as its `merge_error`. */
export const MERGE_FAILURES = {
  sourceMoved: 'Branch has been updated since the merge was requested. Please review the changes.',
  targetMoved: 'The target branch changed while merging',
  conflict: MERGE_BLOCKER_MESSAGES.conflicts,
  needsRebase: MERGE_BLOCKER_MESSAGES.rebase,
  unexpected: 'An error occurred while merging',
} as const;

export type MergeOptions = {
  /** The source head the merger saw; a different head is refused. */
  sha?: string;
  squash?: boolean;
  shouldRemoveSourceBranch?: boolean;
  mergeCommitMessage?: string;
  squashCommitMessage?: string;
};

type Detail = Awaited<ReturnType<MergeRequestsService['detailIn']>>;

export type MergeOutcome =
  | { kind: 'merged'; view: Detail }
  /** A merge check fails (GitLab's 405): the spec's blocker text. */
  | { kind: 'not_mergeable'; message: string }
  | { kind: 'sha_mismatch'; headSha: string | null }
  /** The request contradicts the project's squash option. */
  | { kind: 'refused'; message: string }
  /** The merge began and did not land; nothing was written to the target branch. */
  | { kind: 'failed'; message: string };

/** The git steps of a merge: injectable, so tests can move a branch between them. */
export type MergeGit = {
  prepareMerge: typeof prepareMerge;
  updateRefs: typeof updateRefs;
};

const systemGit: MergeGit = { prepareMerge, updateRefs };

type Deps = {
  db: Db;
  clock: Clock;
  bus: EventBus;
  config: Pick<Config, 'externalUrl'>;
  gitHttp: Pick<GitHttpService, 'announcePush'>;
  mergeRequests: Pick<MergeRequestsService, 'loadForRead' | 'detailIn' | 'mayMergeInto' | 'mayRemoveBranch'>;
  systemNotes: Pick<SystemNotesService, 'record' | 'announce'>;
  git?: MergeGit;
};

const person = (user: { name: string; email: string }) => `${user.name} <${user.email}>`;

/**
 * Merges a merge request on the server, as GitLab's merge methods do: the commits are written
 * first, then the target branch moves by compare-and-swap, and only then the request is marked
 * merged. While a merge runs the request is `locked`, so a second merge of it is refused.
 */
export function createMergeService({
  db,
  clock,
  bus,
  config,
  gitHttp,
  mergeRequests,
  systemNotes,
  git = systemGit,
}: Deps) {
  const publish = (row: Pick<MergeRequestRow, 'id' | 'iid' | 'projectId'>) => announceMergeRequest(bus, row);

  async function messageFacts(view: Detail, merger: CurrentUser | null): Promise<CommitMessageFacts> {
    const mr = view.mergeRequest;
    // GitLab's templates read at most the hundred newest commits.
    const commits = view.latestDiff
      ? await listDiffCommits(db, view.latestDiff.id, { offset: 0, limit: 100 })
      : [];
    return {
      sourceBranch: mr.sourceBranch,
      targetBranch: mr.targetBranch,
      title: mr.title,
      description: mr.description,
      reference: `${view.projectFullPath}!${mr.iid}`,
      sourceProjectId: mr.sourceProjectId,
      url: `${config.externalUrl}/${view.projectFullPath}/-/merge_requests/${mr.iid}`,
      mergeRequestAuthor:
        view.author && view.authorEmail ? person({ ...view.author, email: view.authorEmail }) : null,
      mergedBy: merger ? person(merger) : '',
      commits: commits.map((c) => ({
        message: c.message,
        author: person({ name: c.authorName, email: c.authorEmail }),
      })),
    };
  }

  async function defaultMessages(view: Detail, merger: CurrentUser | null) {
    const facts = await messageFacts(view, merger);
    return {
      merge: mergeCommitMessage(view.settings.mergeCommitTemplate, facts),
      squash: squashCommitMessage(view.settings.squashCommitTemplate, facts),
    };
  }

  /** The merge request page: the detail, and for an open request the messages a merge would write. */
  async function page(actor: CurrentUser | null, projectRef: number | string, iid: number) {
    const ctx = await mergeRequests.loadForRead(actor, projectRef);
    const view = await mergeRequests.detailIn(actor, ctx, iid);
    const messages = view.mergeRequest.state === 'opened' ? await defaultMessages(view, actor) : null;
    return { ctx, view, messages };
  }

  /** Ends a merge that did not land: the request opens again with the reason, to be checked afresh. */
  async function release(mr: MergeRequestRow, message: string): Promise<MergeOutcome> {
    const row = await db.transaction((tx) =>
      updateMergeRequestRow(tx, mr.id, {
        state: 'opened',
        mergeStatus: 'unchecked',
        mergeError: message,
        mergeUserId: null,
        mergeStartedAt: null,
        inProgressMergeCommitSha: null,
        updatedAt: clock.now(),
      }),
    );
    await publish(row);
    return { kind: 'failed', message };
  }

  /** Holds the request `locked` for this merge, if it is still open at the head and target that were checked. */
  async function lock(
    actor: CurrentUser,
    mr: MergeRequestRow,
    choices: { squash: boolean; shouldRemoveSourceBranch?: boolean },
  ) {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const row = await lockMergeRequest(tx, mr.id);
      if (row?.state !== 'opened' || row.headSha !== mr.headSha || row.targetBranch !== mr.targetBranch)
        return null;
      return updateMergeRequestRow(tx, mr.id, {
        state: 'locked',
        squash: choices.squash,
        shouldRemoveSourceBranch: choices.shouldRemoveSourceBranch ?? row.shouldRemoveSourceBranch,
        mergeError: null,
        mergeUserId: actor.id,
        mergeStartedAt: now,
        inProgressMergeCommitSha: null,
        updatedAt: now,
      });
    });
  }

  /** Merges now, or says why not. Permission problems are errors (404 unreadable, 403 may not merge). */
  async function merge(
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    options: MergeOptions,
    onHookError: (error: unknown) => void,
  ): Promise<MergeOutcome> {
    const ctx = await mergeRequests.loadForRead(actor, projectRef);
    const view = await mergeRequests.detailIn(actor, ctx, iid);
    const mr = view.mergeRequest;
    if (!(await mergeRequests.mayMergeInto(actor, ctx, mr.targetBranch))) throw new ForbiddenError();
    const status = detailedMergeStatus(view.mergeability);
    const branches = { ...mr, sourceBranchExists: view.sourceBranchExists };
    if (status !== 'mergeable')
      return { kind: 'not_mergeable', message: mergeBlockerMessage(status, branches) };
    if (options.sha !== undefined && options.sha !== mr.headSha)
      return { kind: 'sha_mismatch', headSha: mr.headSha };
    const squash = squashOnMerge(view.settings.squashOption, options.squash, mr.squash);
    if (!squash.ok) return { kind: 'refused', message: squash.message };

    const defaults = await defaultMessages(view, actor);
    const locked = await lock(actor, mr, {
      squash: squash.squash,
      shouldRemoveSourceBranch: options.shouldRemoveSourceBranch,
    });
    if (!locked) {
      const current = detailedMergeStatus((await mergeRequests.detailIn(actor, ctx, iid)).mergeability);
      return {
        kind: 'not_mergeable',
        message: current === 'mergeable' ? NOT_MERGEABLE : mergeBlockerMessage(current, branches),
      };
    }
    await publish(locked);
    const squashAuthor =
      view.author && view.authorEmail ? { name: view.author.name, email: view.authorEmail } : actor;
    return carryOut(actor, ctx, locked, {
      mergeMessage: options.mergeCommitMessage?.trim() ? options.mergeCommitMessage : defaults.merge,
      squash: squash.squash
        ? {
            message: options.squashCommitMessage?.trim() ? options.squashCommitMessage : defaults.squash,
            author: squashAuthor,
          }
        : null,
      settings: view.settings,
      iid,
      onHookError,
    });
  }

  async function carryOut(
    actor: CurrentUser,
    ctx: ProjectContext,
    mr: MergeRequestRow,
    plan: {
      mergeMessage: string;
      squash: { message: string; author: { name: string; email: string } } | null;
      settings: Detail['settings'];
      iid: number;
      onHookError: (error: unknown) => void;
    },
  ): Promise<MergeOutcome> {
    const at = (who: { name: string; email: string }): GitPerson => ({
      name: who.name,
      email: who.email,
      date: clock.now(),
    });
    const targetRef = branchRef(mr.targetBranch);
    let targetMoved = false;
    try {
      const [targetHead, sourceHead] = await branchHeads(ctx.gitDir, [mr.targetBranch, mr.sourceBranch]);
      if (!targetHead || !sourceHead) return await release(mr, NOT_MERGEABLE);
      if (sourceHead !== mr.headSha) return await release(mr, MERGE_FAILURES.sourceMoved);
      const prepared = await git.prepareMerge(ctx.gitDir, {
        method: plan.settings.mergeMethod,
        targetHead,
        sourceHead,
        message: plan.mergeMessage,
        squash: plan.squash && { message: plan.squash.message, author: at(plan.squash.author) },
        merger: at(actor),
      });
      if (!prepared.ok)
        return await release(
          mr,
          prepared.error === 'conflict' ? MERGE_FAILURES.conflict : MERGE_FAILURES.needsRebase,
        );
      const { newHead, mergeCommitSha, squashCommitSha } = prepared.value;
      const sourceRef = branchRef(mr.sourceBranch);
      const removeSource = await mayRemoveSource(actor, ctx, mr, plan.settings.removeSourceBranchAfterMerge);
      // Written down first, so a merge cut short after the ref moved is settled as merged.
      await setInProgressMergeCommit(db, mr.id, newHead);
      // One transaction: the target moves only while the source still holds the head that was
      // merged, and the source goes with it when asked, so no push lands half merged.
      const moved = await git.updateRefs(ctx.gitDir, [
        { ref: targetRef, oldSha: targetHead, newSha: newHead },
        { ref: sourceRef, oldSha: sourceHead, newSha: removeSource ? ZERO_SHA : sourceHead },
      ]);
      if (!moved) {
        const [targetNow] = await branchHeads(ctx.gitDir, [mr.targetBranch]);
        return await release(
          mr,
          targetNow === targetHead ? MERGE_FAILURES.sourceMoved : MERGE_FAILURES.targetMoved,
        );
      }
      targetMoved = true;

      const now = clock.now();
      const { merged, note } = await db.transaction(async (tx) => {
        const row = await updateMergeRequestRow(tx, mr.id, {
          state: 'merged',
          // A merge, by hand or by auto-merge, ends any auto-merge that was waiting.
          autoMergeEnabled: false,
          autoMergeStrategy: null,
          mergeParams: null,
          mergedById: actor.id,
          mergedAt: now,
          mergeCommitSha,
          squashCommitSha,
          mergeStartedAt: null,
          inProgressMergeCommitSha: null,
          updatedAt: now,
        });
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
      await gitHttp.announcePush({ project: ctx, actor, changes }, plan.onHookError);
      return { kind: 'merged', view: await mergeRequests.detailIn(actor, ctx, plan.iid) };
    } catch (error) {
      // Once the target moved the merge happened: the request stays locked and the next read settles it as merged.
      if (!targetMoved) await release(mr, MERGE_FAILURES.unexpected).catch(() => undefined);
      throw error;
    }
  }

  /** Whether the merge removes the source branch: when asked, and only one the merger may remove. */
  async function mayRemoveSource(
    actor: CurrentUser,
    ctx: ProjectContext,
    mr: MergeRequestRow,
    projectDefault: boolean,
  ): Promise<boolean> {
    if (!(mr.shouldRemoveSourceBranch ?? projectDefault)) return false;
    return mergeRequests.mayRemoveBranch(actor, ctx, mr.sourceBranch);
  }

  return { merge, page };
}

export type MergeService = ReturnType<typeof createMergeService>;
