import type { ReviewerState } from '../../../shared/api/reviewers';
import {
  REQUESTED_CHANGES_TEXT,
  reviewerStateAfter,
  reviewersChangedText,
  reviewRequestedText,
  type ReviewActivity,
} from '../../../shared/merge-requests/reviewers';
import type { CurrentUser } from '../../auth/current-user';
import { can } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import type { EventBus } from '../../realtime/bus';
import type { SystemNotesService } from '../notes/system-notes.service';
import type { ProjectsService } from '../projects/projects.service';
import { announceMergeRequest } from './merge-request-events';
import { mergeRequestSubject } from './merge-request-subjects';
import {
  lockMergeRequest,
  updateMergeRequestRow,
  type MergeRequestRecord,
  type MergeRequestRow,
} from './merge-requests.repo';
import { MERGE_IN_PROGRESS, noteableOf, type MergeRequestsService } from './merge-requests.service';
import type { ProjectContext } from '../projects/projects.service';
import {
  deleteChangeRequest,
  insertChangeRequest,
  replaceMergeRequestReviewers,
  reviewerCandidates,
  reviewersOf,
  updateReviewerState,
  usersWithChangesRequested,
} from './reviewers.repo';

type SystemNote = Awaited<ReturnType<SystemNotesService['record']>>;

type Deps = {
  db: Db;
  clock: Clock;
  bus: EventBus;
  mergeRequests: Pick<MergeRequestsService, 'findReadable' | 'detailIn'>;
  projects: Pick<ProjectsService, 'projectForViewers'>;
  systemNotes: Pick<SystemNotesService, 'record' | 'announce'>;
};

/** GitLab's refusal when someone who is not a reviewer submits a reviewer state. */
export const NOT_A_REVIEWER = 'Reviewer not found';

/** Asking for reviews is editing the request: `update_merge_request`, as assigning is. */
function assertMayEdit(actor: CurrentUser, ctx: ProjectContext, record: MergeRequestRecord): void {
  if (!can(actor, 'update_merge_request', mergeRequestSubject(ctx, record.mergeRequest.authorId)))
    throw new ForbiddenError();
}

/**
 * Who is asked to review a merge request (REST `reviewer_ids`, the sidebar, `/assign_reviewer`)
 * and where each review stands (GitLab's reviewer states, re-requested reviews).
 */
export function createMergeRequestReviewersService({
  db,
  clock,
  bus,
  mergeRequests,
  projects,
  systemNotes,
}: Deps) {
  /**
   * Of these ids, the users who may read the project, in the order asked. GitLab drops the others
   * (unknown ids, people who cannot see the project) without an error, as it does here.
   */
  async function readersAmong(
    projectId: number,
    ids: number[],
  ): Promise<Array<{ id: number; username: string }>> {
    const unique = [...new Set(ids)];
    const [candidates, contexts] = await Promise.all([
      reviewerCandidates(db, unique),
      projects.projectForViewers(projectId),
    ]);
    if (!contexts) return [];
    const readers = [];
    for (const id of unique) {
      const user = candidates.find((candidate) => candidate.id === id);
      if (user && (await contexts(user))) readers.push(user);
    }
    return readers;
  }

  /**
   * Bumps the request (a note touches its noteable in GitLab) and writes one system note, in `tx`;
   * no note when `body` is null.
   */
  async function touchWithNote(
    tx: Db,
    actor: CurrentUser,
    mergeRequestId: number,
    body: string | null,
    action: 'reviewer' | 'requested_changes' = 'reviewer',
  ) {
    const row = await updateMergeRequestRow(tx, mergeRequestId, { updatedAt: clock.now() });
    const note =
      body === null
        ? null
        : await systemNotes.record({ ...noteableOf(row), authorId: actor.id, action, body }, tx);
    return { row, note };
  }

  async function announce(written: { row: MergeRequestRow; note: SystemNote | null }) {
    await announceMergeRequest(bus, written.row);
    if (written.note) await systemNotes.announce(written.note);
  }

  /**
   * Makes `userIds` the reviewers, keeping the state of those who stay, and writes GitLab's
   * "requested review from @a and removed review request for @b" note. Ids of users who may not
   * read the project are dropped; when that leaves none of a non-empty list, nothing changes, as
   * GitLab drops the parameter then. A new request's first reviewers (`quiet`) get no note, as in
   * GitLab. Returns the request as `detailIn` does.
   */
  async function replace(
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    userIds: number[],
    options: { quiet?: boolean } = {},
  ) {
    const { ctx, record } = await mergeRequests.findReadable(actor, projectRef, iid);
    assertMayEdit(actor, ctx, record);
    const wanted = await readersAmong(ctx.project.id, userIds);
    const current = record.reviewers;
    const added = wanted.filter((user) => !current.some((reviewer) => reviewer.id === user.id));
    const removed = current.filter((reviewer) => !wanted.some((user) => user.id === reviewer.id));
    if ((userIds.length > 0 && wanted.length === 0) || (added.length === 0 && removed.length === 0))
      return mergeRequests.detailIn(actor, ctx, iid);
    const mergeRequestId = record.mergeRequest.id;
    const written = await db.transaction(async (tx) => {
      const locked = await lockMergeRequest(tx, mergeRequestId);
      if (!locked || locked.state === 'locked') throw new ConflictError(MERGE_IN_PROGRESS);
      await replaceMergeRequestReviewers(
        tx,
        mergeRequestId,
        wanted.map((user) => user.id),
        clock.now(),
      );
      // As GitLab's: a reviewer removed while their change request stands comes back still asking.
      const stillAsking = await usersWithChangesRequested(
        tx,
        mergeRequestId,
        added.map((user) => user.id),
      );
      for (const userId of stillAsking)
        await updateReviewerState(tx, mergeRequestId, userId, 'requested_changes');
      const body = reviewersChangedText(
        added.map((user) => user.username),
        removed.map((user) => user.username),
      );
      return touchWithNote(tx, actor, mergeRequestId, options.quiet ? null : body);
    });
    await announce(written);
    return mergeRequests.detailIn(actor, ctx, iid);
  }

  /** `GET .../reviewers`: everyone who may read the request sees its reviewers and their states. */
  async function list(actor: CurrentUser | null, projectRef: number | string, iid: number) {
    const { record } = await mergeRequests.findReadable(actor, projectRef, iid);
    return record.reviewers;
  }

  /**
   * Re-requests a review (GitLab's `mergeRequestReviewerRereview`): the reviewer's state goes back
   * to unreviewed and GitLab's "requested review from @x" note is written. 404 for a user who is
   * not a reviewer of the request.
   */
  async function rerequest(actor: CurrentUser, projectRef: number | string, iid: number, userId: number) {
    const { ctx, record } = await mergeRequests.findReadable(actor, projectRef, iid);
    assertMayEdit(actor, ctx, record);
    const reviewer = record.reviewers.find((user) => user.id === userId);
    if (!reviewer) throw new NotFoundError('Reviewer');
    const mergeRequestId = record.mergeRequest.id;
    const written = await db.transaction(async (tx) => {
      await updateReviewerState(tx, mergeRequestId, userId, 'unreviewed');
      return touchWithNote(tx, actor, mergeRequestId, reviewRequestedText(reviewer.username));
    });
    await announce(written);
    return mergeRequests.detailIn(actor, ctx, iid);
  }

  /**
   * Sets a reviewer's state (the approvals feature calls it when a reviewer approves or
   * unapproves). False when the user is no reviewer of the request. An approval lifts the user's
   * change request whether or not they are still a reviewer, as GitLab's does. Inside the
   * caller's transaction `tx`, the caller announces the request after its commit; without one, the
   * request is announced here.
   */
  async function setReviewerState(
    mergeRequestId: number,
    userId: number,
    state: ReviewerState,
    tx?: Db,
  ): Promise<boolean> {
    const write = async (inner: Db) => {
      const lifted = state === 'approved' && (await deleteChangeRequest(inner, mergeRequestId, userId));
      const moved = await updateReviewerState(inner, mergeRequestId, userId, state);
      const row =
        moved || lifted
          ? await updateMergeRequestRow(inner, mergeRequestId, { updatedAt: clock.now() })
          : null;
      return { moved, row };
    };
    if (tx) return (await write(tx)).moved;
    const { moved, row } = await db.transaction(write);
    if (row) await announceMergeRequest(bus, row);
    return moved;
  }

  /**
   * The actor submits a review requesting changes (GitLab's `requested_changes` reviewer state):
   * only a reviewer of the request may; their state moves, the request is blocked until they
   * approve (REQUESTED_CHANGES), and GitLab's "requested changes" note is written. In `tx` when
   * given (the caller announces the returned writes after its commit).
   */
  async function requestChanges(actor: CurrentUser, mergeRequestId: number, tx: Db) {
    if (!(await updateReviewerState(tx, mergeRequestId, actor.id, 'requested_changes')))
      throw new ForbiddenError(NOT_A_REVIEWER);
    await insertChangeRequest(tx, mergeRequestId, actor.id, clock.now());
    return touchWithNote(tx, actor, mergeRequestId, REQUESTED_CHANGES_TEXT, 'requested_changes');
  }

  /** Whether the actor is a reviewer of the request (who may request changes). */
  async function isReviewer(actor: CurrentUser, mergeRequestId: number): Promise<boolean> {
    const reviewers = (await reviewersOf(db, [mergeRequestId])).get(mergeRequestId) ?? [];
    return reviewers.some((reviewer) => reviewer.id === actor.id);
  }

  /** Moves the actor's review along when they write a pending comment or submit their review. */
  async function noteReviewActivity(actor: CurrentUser, mergeRequestId: number, activity: ReviewActivity) {
    const reviewers = (await reviewersOf(db, [mergeRequestId])).get(mergeRequestId) ?? [];
    const mine = reviewers.find((reviewer) => reviewer.id === actor.id);
    const next = mine && reviewerStateAfter(mine.reviewState, activity);
    if (next) await setReviewerState(mergeRequestId, actor.id, next);
  }

  return {
    readersAmong,
    replace,
    list,
    rerequest,
    setReviewerState,
    noteReviewActivity,
    requestChanges,
    isReviewer,
    announce,
  };
}

export type MergeRequestReviewersService = ReturnType<typeof createMergeRequestReviewersService>;
