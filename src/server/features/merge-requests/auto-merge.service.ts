import { z } from 'zod';
import type { AutoMergeStrategy } from '../../../shared/auto-merge/autoMergeStrategy';
import { detailedMergeStatus } from '../../../shared/merge-requests/detailedMergeStatus';
import { mergeBlockerMessage } from '../../../shared/merge-requests/mergeBlockers';
import {
  AUTO_MERGE_FAILED,
  autoMergeChoices,
  isWaitable,
  lowerFirst,
  mergeParams,
  waitsForAutoMerge,
} from '../../../shared/auto-merge/autoMergeRules';
import type { CurrentUser } from '../../auth/current-user';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { ConflictError, ForbiddenError } from '../../errors';
import type { JobQueue } from '../../jobs/jobs';
import type { EventBus } from '../../realtime/bus';
import type { ServiceLog } from '../../service-log';
import type { SystemNotesService } from '../notes/system-notes.service';
import type { ProjectContext } from '../projects/projects.service';
import type { UsersService } from '../users/users.service';
import { findMergeRequestRowById } from './auto-merge.repo';
import { updateMergeRequestRow, type MergeRequestRow } from './merge-requests.repo';
import type { MergeRequestsService } from './merge-requests.service';
import type { AutoMergeOutcome, MergeOptions, MergeService, MergeWay } from './merge.service';
import { mergeRequestQueue } from './rebase.service';
import { announceWrittenMergeRequest, mergeRequestIdOf, standingOf } from './merge-request-events';
import type { MergeTrainsService } from '../merge-trains/merge-trains.service';

export const CANNOT_CANCEL = "Can't cancel the automatic merge";

const AUTO_MERGE_JOB = 'auto_merge';
const jobPayload = z.object({ mergeRequestId: z.number() });

/** Once the checks pass: the train strategy joins the train, the others merge as they stand. */
const nowOrTrain = (strategy: string | null): MergeWay =>
  strategy === 'add_to_merge_train_when_checks_pass' || strategy === 'merge_train'
    ? { kind: 'auto', strategy: 'merge_train' }
    : { kind: 'direct' };

type Deps = {
  db: Db;
  clock: Clock;
  bus: EventBus;
  jobs: JobQueue;
  users: UsersService;
  mergeRequests: MergeRequestsService;
  merges: MergeService;
  systemNotes: SystemNotesService;
  trains: Pick<MergeTrainsService, 'remove'>;
  log: ServiceLog;
};

const enabledText = (strategy: AutoMergeStrategy, sha: string) =>
  strategy === 'merge_when_pipeline_succeeds'
    ? `enabled an automatic merge when the pipeline for ${sha} succeeds`
    : strategy === 'add_to_merge_train_when_checks_pass'
      ? `enabled automatic add to merge train when all merge checks for ${sha} pass`
      : `enabled an automatic merge when all merge checks for ${sha} pass`;

/**
 * Auto-merge (`merge_when_checks_pass`, and the older `merge_when_pipeline_succeeds`): set by
 * someone who may merge, carried out by a job the moment the checks pass. Every update of a
 * waiting request, in any process, queues a check, so it merges within moments of its last
 * blocker going away.
 */
export function createAutoMergeService({
  db,
  clock,
  bus,
  jobs,
  users,
  mergeRequests,
  merges,
  systemNotes,
  trains,
  log,
}: Deps) {
  const publish = (row: MergeRequestRow) => announceWrittenMergeRequest(bus, row);

  async function queueCheck(mergeRequestId: number): Promise<void> {
    const queue = mergeRequestQueue(mergeRequestId);
    // A check still queued will read this update; one already running may have read the request
    // before it (a pipeline that passed meanwhile), so another is queued behind it.
    if (await jobs.hasQueued(queue, AUTO_MERGE_JOB)) return;
    await jobs.enqueue({ queue, kind: AUTO_MERGE_JOB, payload: { mergeRequestId } });
  }

  /**
   * The merge path's auto-merge (merge.service): merges now when every check passes; otherwise
   * sets auto-merge, if what blocks can pass by itself.
   */
  async function enable(
    actor: CurrentUser,
    ctx: ProjectContext,
    iid: number,
    strategy: AutoMergeStrategy,
    options: MergeOptions,
    onHookError: (error: unknown) => void,
  ): Promise<AutoMergeOutcome> {
    const view = await mergeRequests.detailIn(actor, ctx, iid);
    const mr = view.mergeRequest;
    if (!(await mergeRequests.mayMergeInto(actor, ctx, mr.targetBranch))) throw new ForbiddenError();
    const status = detailedMergeStatus(view.mergeability);
    if (status === 'mergeable')
      return merges.request(actor, ctx, iid, nowOrTrain(strategy), options, onHookError);
    const choices = autoMergeChoices(view, actor, isWaitable(status) ? null : status, options);
    if (!choices.ok) return choices.outcome;
    const params = choices.params;
    const { row, note } = await db.transaction(async (tx) => {
      const updated = await updateMergeRequestRow(tx, mr.id, {
        autoMergeEnabled: true,
        autoMergeStrategy: strategy,
        mergeParams: params,
        mergeError: null,
        updatedAt: clock.now(),
      });
      const recorded = await systemNotes.record(
        {
          projectId: ctx.project.id,
          noteableType: 'MergeRequest',
          noteableId: mr.id,
          authorId: actor.id,
          action: 'merge',
          body: enabledText(strategy, mr.headSha ?? ''),
        },
        tx,
      );
      return { row: updated, note: recorded };
    });
    await systemNotes.announce(note);
    await publish(row);
    await queueCheck(mr.id);
    return { kind: 'auto_merge_enabled', strategy };
  }

  /** Ends auto-merge; the reason, when the server gave up, stays as the request's `merge_error`. */
  async function stop(mr: MergeRequestRow, authorId: number | null, body: string, mergeError: string | null) {
    const { row, note } = await db.transaction(async (tx) => {
      const updated = await updateMergeRequestRow(tx, mr.id, {
        autoMergeEnabled: false,
        autoMergeStrategy: null,
        mergeParams: null,
        mergeError,
        updatedAt: clock.now(),
      });
      const recorded = await systemNotes.record(
        {
          projectId: mr.projectId,
          noteableType: 'MergeRequest',
          noteableId: mr.id,
          authorId,
          action: 'merge',
          body,
        },
        tx,
      );
      return { row: updated, note: recorded };
    });
    await systemNotes.announce(note);
    await publish(row);
  }

  /** Spec 000 section 6 (canCancelAutomaticMerge): whoever set it, or anyone who may merge. */
  async function mayCancel(actor: CurrentUser | null, ctx: ProjectContext, mr: MergeRequestRow) {
    if (!actor || !mr.autoMergeEnabled || mr.state !== 'opened') return false;
    const setBy = mergeParams.safeParse(mr.mergeParams).data?.userId;
    return setBy === actor.id || (await mergeRequests.mayMergeInto(actor, ctx, mr.targetBranch));
  }

  async function cancel(actor: CurrentUser, projectRef: number | string, iid: number) {
    const ctx = await mergeRequests.loadForRead(actor, projectRef);
    const view = await mergeRequests.detailIn(actor, ctx, iid);
    const mr = view.mergeRequest;
    // Nothing to cancel is GitLab's refusal; something set that this user may not touch is a 403.
    if (!mr.autoMergeEnabled || mr.state !== 'opened') throw new ConflictError(CANNOT_CANCEL);
    if (!(await mayCancel(actor, ctx, mr))) throw new ForbiddenError();
    if (mr.autoMergeStrategy === 'merge_train') await trains.remove(actor, mr);
    else await stop(mr, actor.id, 'canceled the automatic merge', null);
    return mergeRequests.detailIn(actor, ctx, iid);
  }

  /**
   * The job: merge if every check passes now, keep waiting if time can fix what blocks, else give
   * up, in the name of the user who set it (as GitLab's notes say who set it, not "a deleted user").
   */
  async function run(payload: unknown): Promise<void> {
    const mr = await findMergeRequestRowById(db, jobPayload.parse(payload).mergeRequestId);
    const params = mergeParams.safeParse(mr?.mergeParams).data;
    // A car on a merge train is merged by its train.
    if (!mr?.autoMergeEnabled || mr.state !== 'opened' || !params || mr.autoMergeStrategy === 'merge_train')
      return;
    const { user: actor } = await users.getUser(params.userId);
    const ctx = await mergeRequests.loadForRead(actor, mr.projectId);
    const view = await mergeRequests.checkedIn(actor, ctx, mr.iid);
    const status = detailedMergeStatus(view.mergeability);
    if (isWaitable(status)) return;
    if (status !== 'mergeable') {
      const reason = mergeBlockerMessage(status, { ...mr, sourceBranchExists: view.sourceBranchExists });
      return stop(
        mr,
        actor.id,
        `aborted the automatic merge because ${lowerFirst(reason)}`,
        AUTO_MERGE_FAILED,
      );
    }
    if (!(await mergeRequests.mayMergeInto(actor, ctx, mr.targetBranch)))
      return stop(
        mr,
        actor.id,
        'aborted the automatic merge because the user who set it may no longer merge',
        AUTO_MERGE_FAILED,
      );
    const outcome = await merges.request(
      actor,
      ctx,
      mr.iid,
      nowOrTrain(mr.autoMergeStrategy),
      params,
      () => undefined,
    );
    // A check that failed between our look and the merge: the update that caused it queues the next look.
    if (
      outcome.kind === 'merged' ||
      outcome.kind === 'not_mergeable' ||
      // Someone merges it by hand right now: that merge ends the wait.
      outcome.kind === 'being_merged' ||
      outcome.kind === 'auto_merge_enabled'
    )
      return;
    await stop(mr, actor.id, 'aborted the automatic merge because the merge failed', AUTO_MERGE_FAILED);
  }

  jobs.register(AUTO_MERGE_JOB, run);
  merges.useAutoMerge({ enable });
  // An update of a waiting request or of its threads, made by any process, queues a look at it;
  // announcements of requests that do not wait are dropped, without a read when they say so. Should
  // the queueing fail (the database is away), the request's next update queues it again.
  bus.subscribe((event) => {
    const mergeRequestId = mergeRequestIdOf(event);
    if (mergeRequestId === null) return;
    void standingOf(db, event, mergeRequestId)
      .then((standing) => (standing && waitsForAutoMerge(standing) ? queueCheck(mergeRequestId) : undefined))
      .catch((error: unknown) =>
        log.warn(
          { err: error, mergeRequestId },
          'queueing an auto-merge check failed; the next update retries',
        ),
      );
  });

  return { enable, cancel, mayCancel };
}

export type AutoMergeService = ReturnType<typeof createAutoMergeService>;
