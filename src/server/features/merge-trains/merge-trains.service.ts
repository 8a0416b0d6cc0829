import { z } from 'zod';
import type { MergeTrainScope } from '../../../shared/api/mergeTrains';
import type { AutoMergeStrategy } from '../../../shared/auto-merge/autoMergeStrategy';
import { detailedMergeStatus } from '../../../shared/merge-requests/detailedMergeStatus';
import { mergeBlockerMessage } from '../../../shared/merge-requests/mergeBlockers';
import type { CurrentUser } from '../../auth/current-user';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { can } from '../../auth/permissions';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '../../errors';
import { readCommit } from '../../git/commits';
import { prepareMerge } from '../../git/merge';
import { ZERO_SHA, branchRef, deleteRef, readRef, resolveCommit, updateRef } from '../../git/repository';
import type { JobQueue } from '../../jobs/jobs';
import type { EventBus } from '../../realtime/bus';
import {
  AUTO_MERGE_FAILED,
  autoMergeChoices,
  lowerFirst,
  mergeParams as mergeParamsSchema,
  type AutoMergeOutcome,
} from '../merge-requests/auto-merge.service';
import { findMergeRequestRowById } from '../merge-requests/auto-merge.repo';
import { announceMergeRequest, mergeRequestIdOf } from '../merge-requests/merge-request-events';
import { updateMergeRequestRow, type MergeRequestRow } from '../merge-requests/merge-requests.repo';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import type { MergeOptions, MergeOutcome, MergeService } from '../merge-requests/merge.service';
import type { SystemNotesService } from '../notes/system-notes.service';
import { projectSubject, type ProjectContext, type ProjectsService } from '../projects/projects.service';
import type { UsersService } from '../users/users.service';
import {
  claimForMerge,
  deleteCar,
  findActiveCar,
  findLatestCarListing,
  listCars,
  insertCar,
  listActiveCars,
  listTrainsOfProject,
  markStale,
  mergeTrainsEnabled,
  removeWaitingCar,
  updateCar,
  hasQueuedJob,
  type CarRow,
  type Train,
} from './merge-trains.repo';

export const MERGE_TRAINS_DISABLED = 'Merge trains are not enabled for this project';
export const SKIP_TRAIN_NOT_ALLOWED = 'This project does not allow merging immediately past the merge train';
export const CAR_MERGING = 'The merge request is being merged by the merge train';

const REFRESH_JOB = 'merge_train_refresh';
const refreshPayload = z.object({ projectId: z.number(), targetBranch: z.string() });
/** One queue per train: its cars are looked at and merged one job at a time, across processes. */
const trainQueue = (train: Train) => `merge_train:${train.projectId}:${train.targetBranch}`;
/** Where a car's merged result is kept, as GitLab keeps it, for the pipeline that will run on it. */
const trainRef = (iid: number) => `refs/merge-requests/${iid}/train`;

type Params = z.infer<typeof mergeParamsSchema>;

type Deps = {
  db: Db;
  clock: Clock;
  bus: EventBus;
  jobs: JobQueue;
  users: UsersService;
  projects: Pick<ProjectsService, 'gitDirOf'>;
  mergeRequests: MergeRequestsService;
  merges: MergeService;
  systemNotes: SystemNotesService;
};

/** What a look at a car found: go on with it, wait for a merge or check in progress, or drop it. */
type Look =
  | { kind: 'ready'; ctx: ProjectContext; actor: CurrentUser; params: Params; mr: MergeRequestRow }
  | { kind: 'wait' }
  | { kind: 'gone' }
  | { kind: 'drop'; reason: string };

/**
 * Merge trains: a queue of merge requests per target branch. A car joins with `merge_train`
 * (or `add_to_merge_train_when_checks_pass`, through auto-merge, once the checks pass). A job per
 * train computes each car's merged result on top of the cars ahead (kept at
 * `refs/merge-requests/:iid/train`, where a merged-results pipeline will run), and merges the
 * first car once it is fresh, with the merge service and the choices made when it joined. A car
 * that can no longer merge drops out with the reason, and the cars behind it are computed again.
 */
export function createMergeTrainsService({
  db,
  clock,
  bus,
  jobs,
  users,
  projects,
  mergeRequests,
  merges,
  systemNotes,
}: Deps) {
  const trainOf = (mr: Pick<MergeRequestRow, 'projectId' | 'targetBranch'>): Train => ({
    projectId: mr.projectId,
    targetBranch: mr.targetBranch,
  });

  async function queueRefresh(train: Train): Promise<void> {
    const queue = trainQueue(train);
    if (await hasQueuedJob(db, queue)) return;
    await jobs.enqueue({ queue, kind: REFRESH_JOB, payload: train });
  }

  /** Every car's position moved: each of their widgets is told. */
  async function announceTrain(train: Train, also: Pick<MergeRequestRow, 'id' | 'iid' | 'projectId'>[] = []) {
    const cars = await listActiveCars(db, train);
    const ids = new Set([...cars.map((car) => car.mergeRequestId), ...also.map((mr) => mr.id)]);
    for (const id of ids) {
      const row = await findMergeRequestRowById(db, id);
      if (row) await announceMergeRequest(bus, row);
    }
  }

  /** Spec 000 section 3: with trains on, waiting strategies join the train; without, train strategies are refused. */
  function strategyFor(ctx: ProjectContext, strategy: AutoMergeStrategy): AutoMergeStrategy {
    const train = strategy === 'merge_train' || strategy === 'add_to_merge_train_when_checks_pass';
    if (!ctx.project.mergeTrainsEnabled) {
      if (train) throw new UnprocessableError(MERGE_TRAINS_DISABLED);
      return strategy;
    }
    return train ? strategy : 'add_to_merge_train_when_checks_pass';
  }

  /** Adds a request whose checks pass to its train (a no-op when it is on one), or says why not. */
  async function enable(
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    options: MergeOptions,
  ): Promise<AutoMergeOutcome> {
    const ctx = await mergeRequests.loadForRead(actor, projectRef);
    if (!ctx.project.mergeTrainsEnabled) throw new UnprocessableError(MERGE_TRAINS_DISABLED);
    const view = await mergeRequests.detailIn(actor, ctx, iid);
    const mr = view.mergeRequest;
    if (!(await mergeRequests.mayMergeInto(actor, ctx, mr.targetBranch))) throw new ForbiddenError();
    if (await findActiveCar(db, mr.id)) return { kind: 'auto_merge_enabled', strategy: 'merge_train' };
    const status = detailedMergeStatus(view.mergeability);
    const choices = autoMergeChoices(view, actor, status === 'mergeable' ? null : status, options);
    if (!choices.ok) return choices.outcome;
    const params = choices.params;
    const train = trainOf(mr);
    const now = clock.now();
    const joined = await db
      .transaction(async (tx) => {
        const row = await updateMergeRequestRow(tx, mr.id, {
          autoMergeEnabled: true,
          autoMergeStrategy: 'merge_train',
          mergeParams: params,
          mergeError: null,
          updatedAt: now,
        });
        const ahead = (await listActiveCars(tx, train)).length;
        await insertCar(tx, { mergeRequestId: mr.id, ...carTrain(train), userId: actor.id, createdAt: now });
        const note = await systemNotes.record(
          {
            projectId: mr.projectId,
            noteableType: 'MergeRequest',
            noteableId: mr.id,
            authorId: actor.id,
            action: 'merge',
            body:
              ahead === 0
                ? 'started a merge train'
                : `added this merge request to the merge train at position ${ahead + 1}`,
          },
          tx,
        );
        return { row, note };
      })
      // Another call added it a moment ago: the one-active-car index refused this one.
      .catch(async (error: unknown) => {
        if (await findActiveCar(db, mr.id)) return null;
        throw error;
      });
    if (joined) {
      await systemNotes.announce(joined.note);
      await announceTrain(train);
      await queueRefresh(train);
    }
    return { kind: 'auto_merge_enabled', strategy: 'merge_train' };
  }

  const carTrain = (train: Train) => ({ targetProjectId: train.projectId, targetBranch: train.targetBranch });

  /** Takes a car off its train: by a person ("Remove from merge train"), or with the reason it can no longer merge. */
  async function takeOff(
    car: CarRow,
    mr: Pick<MergeRequestRow, 'id' | 'iid' | 'projectId' | 'targetBranch'>,
    why: { authorId: number | null; reason: string | null },
  ): Promise<boolean> {
    const now = clock.now();
    const train = trainOf(mr);
    const taken = await db.transaction(async (tx) => {
      if (!(await removeWaitingCar(tx, car.id))) return null;
      const behind = (await listActiveCars(tx, train)).filter((other) => other.id > car.id);
      await markStale(
        tx,
        behind.map((other) => other.id),
        now,
      );
      await updateMergeRequestRow(tx, mr.id, {
        autoMergeEnabled: false,
        autoMergeStrategy: null,
        mergeParams: null,
        mergeError: why.reason === null ? null : AUTO_MERGE_FAILED,
        updatedAt: now,
      });
      return systemNotes.record(
        {
          projectId: mr.projectId,
          noteableType: 'MergeRequest',
          noteableId: mr.id,
          authorId: why.authorId,
          action: 'merge',
          body:
            why.reason === null
              ? 'removed this merge request from the merge train'
              : `removed this merge request from the merge train because ${why.reason}`,
        },
        tx,
      );
    });
    if (!taken) return false;
    await pointTrainRef(mr, null);
    await systemNotes.announce(taken);
    await announceTrain(train, [mr]);
    await queueRefresh(train);
    return true;
  }

  /** "Remove from merge train"; a car whose merge has begun cannot be taken off. */
  async function remove(actor: CurrentUser, mr: MergeRequestRow): Promise<void> {
    const car = await findActiveCar(db, mr.id);
    if (!car || !(await takeOff(car, mr, { authorId: actor.id, reason: null })))
      throw new ConflictError(CAR_MERGING);
  }

  /** Keeps (or forgets) a car's merged result where its pipeline will find it. */
  async function pointTrainRef(mr: Pick<MergeRequestRow, 'iid' | 'projectId'>, sha: string | null) {
    const ctxGitDir = projects.gitDirOf(mr.projectId);
    const ref = trainRef(mr.iid);
    const current = await readRef(ctxGitDir, ref);
    if (sha === null) {
      if (current) await deleteRef(ctxGitDir, ref, current);
      return;
    }
    await updateRef(ctxGitDir, ref, sha, current ?? ZERO_SHA);
  }

  /**
   * Merges now, past the train when the project has one: "Merge now and restart train" computes
   * the cars again on top of the new target; "Merge now and don't restart train"
   * (`skip_merge_train`, where the project allows it) lets them go on as they are. The merge is
   * done by the caller's merge service.
   */
  async function mergeNow(
    merger: Pick<MergeService, 'merge'>,
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    options: MergeOptions & { skipMergeTrain?: boolean },
    onHookError: (error: unknown) => void,
  ): Promise<AutoMergeOutcome> {
    const ctx = await mergeRequests.loadForRead(actor, projectRef);
    if (!ctx.project.mergeTrainsEnabled) return merger.merge(actor, projectRef, iid, options, onHookError);
    if (options.skipMergeTrain && !ctx.project.mergeTrainsSkipTrainAllowed)
      return { kind: 'refused', message: SKIP_TRAIN_NOT_ALLOWED };
    const outcome = await merger.merge(actor, projectRef, iid, options, onHookError);
    if (outcome.kind !== 'merged') return outcome;
    const mr = outcome.view.mergeRequest;
    const train = trainOf(mr);
    const now = clock.now();
    await db.transaction(async (tx) => {
      const own = await findActiveCar(tx, mr.id);
      if (options.skipMergeTrain) {
        // Kept as history: GitLab lists it with the train's merged cars.
        if (own) await updateCar(tx, own.id, { status: 'skip_merged', mergedAt: now, updatedAt: now });
        else
          await insertCar(tx, {
            mergeRequestId: mr.id,
            ...carTrain(train),
            userId: actor.id,
            status: 'skip_merged',
            mergedAt: now,
            createdAt: now,
            updatedAt: now,
          });
        return;
      }
      if (own) await deleteCar(tx, own.id);
      await markStale(
        tx,
        (await listActiveCars(tx, train)).map((car) => car.id),
        now,
      );
    });
    await pointTrainRef(mr, null);
    await announceTrain(train);
    await queueRefresh(train);
    return outcome;
  }

  /** Whether a car can go on: its request open and set to the train, its checks passing, its user still allowed. */
  async function lookAt(car: CarRow, mergeTrainsEnabled: boolean): Promise<Look> {
    const row = await findMergeRequestRowById(db, car.mergeRequestId);
    if (!row || row.state === 'locked') return { kind: 'wait' };
    if (row.state === 'merged') {
      // Merged by another way than the train (a quick action): it leaves the train as merged.
      await updateCar(db, car.id, {
        status: 'merged',
        mergedAt: row.mergedAt ?? clock.now(),
        updatedAt: clock.now(),
      });
      return { kind: 'gone' };
    }
    if (!mergeTrainsEnabled) return { kind: 'drop', reason: 'project disabled merge trains' };
    if (row.state !== 'opened') return { kind: 'drop', reason: 'the merge request is closed' };
    const params = mergeParamsSchema.safeParse(row.mergeParams).data;
    if (!row.autoMergeEnabled || row.autoMergeStrategy !== 'merge_train' || !params)
      return { kind: 'drop', reason: 'the merge request is not set to auto-merge' };
    const mayNoLongerMerge = { kind: 'drop', reason: 'the user who added it may no longer merge' } as const;
    const { user: actor } = await users.getUser(params.userId);
    const ctx = await mergeRequests.loadForRead(actor, row.projectId).catch(() => null);
    if (!ctx || !(await mergeRequests.mayMergeInto(actor, ctx, row.targetBranch))) return mayNoLongerMerge;
    const view = await mergeRequests.detailIn(actor, ctx, row.iid);
    const status = detailedMergeStatus(view.mergeability);
    if (status === 'checking' || status === 'unchecked') return { kind: 'wait' };
    if (status !== 'mergeable')
      return {
        kind: 'drop',
        reason: lowerFirst(
          mergeBlockerMessage(status, { ...row, sourceBranchExists: view.sourceBranchExists }),
        ),
      };
    return { kind: 'ready', ctx, actor, params, mr: view.mergeRequest };
  }

  /** The commit the request would make on top of `base` (the car ahead's result, or the target head). */
  async function mergedResult(look: Extract<Look, { kind: 'ready' }>, base: string | null) {
    const { ctx, actor, mr } = look;
    const onto = base ?? (await resolveCommit(ctx.gitDir, branchRef(mr.targetBranch)));
    if (!onto || !mr.headSha) return null;
    const at = { name: actor.name, email: actor.email, date: clock.now() };
    const prepared = await prepareMerge(ctx.gitDir, {
      method: 'merge',
      targetHead: onto,
      sourceHead: mr.headSha,
      message: `Merge branch '${mr.sourceBranch}' into '${mr.targetBranch}'`,
      squash: null,
      merger: at,
    });
    return prepared.ok ? prepared.value.newHead : null;
  }

  /** The source head a fresh car was computed with: its merged result's second parent. */
  async function computedHead(ctx: ProjectContext, car: CarRow): Promise<string | null> {
    if (!car.mergedResultSha) return null;
    return (await readCommit(ctx.gitDir, car.mergedResultSha))?.parentShas[1] ?? null;
  }

  /**
   * The job: computes every car's merged result in order (a conflict with the cars ahead drops
   * the car), then merges the first car if it is fresh and queues the next look.
   */
  async function refresh(train: Train): Promise<void> {
    const cars = await listActiveCars(db, train);
    const enabled = await mergeTrainsEnabled(db, train.projectId);
    let base: string | null = null;
    let front: { car: CarRow; look: Extract<Look, { kind: 'ready' }> } | null = null;
    for (const car of cars) {
      const look = await lookAt(car, enabled);
      if (look.kind === 'wait') break;
      if (look.kind === 'gone') continue;
      const { mr } = look.kind === 'ready' ? look : { mr: null };
      const row = mr ?? (await findMergeRequestRowById(db, car.mergeRequestId));
      if (!row) continue;
      if (look.kind === 'drop') {
        await takeOff(car, row, { authorId: car.userId, reason: look.reason });
        continue;
      }
      let current: CarRow | null = car;
      if (car.status === 'fresh' && (await computedHead(look.ctx, car)) !== look.mr.headSha) {
        await takeOff(car, row, { authorId: car.userId, reason: 'source branch was updated' });
        continue;
      }
      if (car.status !== 'fresh') {
        const sha = await mergedResult(look, base);
        if (!sha) {
          await takeOff(car, row, { authorId: car.userId, reason: 'merge conflicts must be resolved' });
          continue;
        }
        current = await updateCar(db, car.id, {
          status: 'fresh',
          mergedResultSha: sha,
          updatedAt: clock.now(),
        });
        if (!current) continue;
        await pointTrainRef(row, sha);
        await announceMergeRequest(bus, row);
      }
      base = current.mergedResultSha;
      front ??= { car: current, look };
    }
    if (front) await mergeFront(train, front.car, front.look);
  }

  /** Merges the first car as the user who added it; a merge that does not land drops the car. */
  async function mergeFront(train: Train, car: CarRow, look: Extract<Look, { kind: 'ready' }>) {
    if (!(await claimForMerge(db, car.id, clock.now()))) return;
    const { actor, params, mr } = look;
    const sha = (await computedHead(look.ctx, car)) ?? undefined;
    let outcome: MergeOutcome;
    try {
      outcome = await merges.merge(actor, mr.projectId, mr.iid, { ...params, sha }, () => undefined);
    } catch (error) {
      // Looked at again on the job's retry.
      await updateCar(db, car.id, { status: 'stale', updatedAt: clock.now() });
      throw error;
    }
    if (outcome.kind === 'merged') {
      const now = clock.now();
      await updateCar(db, car.id, { status: 'merged', mergedAt: now, updatedAt: now });
      await pointTrainRef(mr, null);
      await announceTrain(train, [mr]);
    } else {
      await updateCar(db, car.id, { status: 'stale', updatedAt: clock.now() });
      const reason =
        outcome.kind === 'sha_mismatch' ? 'source branch was updated' : lowerFirst(outcome.message);
      await takeOff(car, mr, { authorId: car.userId, reason });
    }
    await queueRefresh(train);
  }

  /** Where a request stands: its index on its train (null when not on one) and how many cars the train has. */
  async function positionOf(mr: Pick<MergeRequestRow, 'id' | 'projectId' | 'targetBranch'>) {
    const cars = await listActiveCars(db, trainOf(mr));
    const index = cars.findIndex((car) => car.mergeRequestId === mr.id);
    return { index: index === -1 ? null : index, count: cars.length };
  }

  /** Reading trains is for Developers up (GitLab's `read_merge_train`); others get 403, strangers 404. */
  async function loadForTrains(actor: CurrentUser | null, projectRef: number | string) {
    const ctx = await mergeRequests.loadForRead(actor, projectRef);
    if (!can(actor, 'read_merge_train', projectSubject(ctx))) throw new ForbiddenError();
    return ctx;
  }

  async function list(
    actor: CurrentUser | null,
    projectRef: number | string,
    filter: { targetBranch?: string; scope?: MergeTrainScope; sort: 'asc' | 'desc' },
    page: { offset: number; limit: number },
  ) {
    const ctx = await loadForTrains(actor, projectRef);
    return { ctx, ...(await listCars(db, { projectId: ctx.project.id, ...filter }, page)) };
  }

  /** A request's car: the one on the train now, else its latest. */
  async function carOf(actor: CurrentUser | null, projectRef: number | string, iid: number) {
    const ctx = await loadForTrains(actor, projectRef);
    const view = await mergeRequests.detailIn(actor, ctx, iid);
    const car = await findLatestCarListing(db, view.mergeRequest.id);
    if (!car) throw new NotFoundError('Merge Train Merge Request');
    return { ctx, car };
  }

  /** Whether a request is on its train now, and which train that is. */
  async function standing(actor: CurrentUser, projectRef: number | string, iid: number) {
    const ctx = await mergeRequests.loadForRead(actor, projectRef);
    const mr = (await mergeRequests.detailIn(actor, ctx, iid)).mergeRequest;
    return { targetBranch: mr.targetBranch, onTrain: (await findActiveCar(db, mr.id)) !== null };
  }

  jobs.register(REFRESH_JOB, (payload) => refresh(refreshPayload.parse(payload)));
  // A change of a request on a train (a push, a thread, a draft) or of its project's settings
  // queues a look at the train, from whichever process made it.
  bus.subscribe((event) => {
    if (event.type === 'project.updated') {
      void listTrainsOfProject(db, event.projectId)
        .then(async (trains) => {
          for (const train of trains) await queueRefresh(train);
        })
        .catch(() => undefined);
      return;
    }
    const mergeRequestId = mergeRequestIdOf(event);
    if (mergeRequestId === null) return;
    void findActiveCar(db, mergeRequestId)
      .then((car) =>
        car ? queueRefresh({ projectId: car.targetProjectId, targetBranch: car.targetBranch }) : undefined,
      )
      .catch(() => undefined);
  });

  return { strategyFor, enable, remove, mergeNow, refresh, positionOf, loadForTrains, list, carOf, standing };
}

export type MergeTrainsService = ReturnType<typeof createMergeTrainsService>;
