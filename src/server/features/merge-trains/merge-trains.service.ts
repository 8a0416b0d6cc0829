import type { MergeTrainScope } from '../../../shared/api/mergeTrains';
import type { AutoMergeStrategy } from '../../../shared/auto-merge/autoMergeStrategy';
import { detailedMergeStatus } from '../../../shared/merge-requests/detailedMergeStatus';
import type { CurrentUser } from '../../auth/current-user';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { can } from '../../auth/permissions';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '../../errors';
import type { JobQueue } from '../../jobs/jobs';
import type { EventBus } from '../../realtime/bus';
import type { ServiceLog } from '../../service-log';
import { autoMergeChoices } from '../../../shared/auto-merge/autoMergeRules';
import type { MergeRequestRow } from '../merge-requests/merge-request-rows';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import type { AutoMergeOutcome, MergeOptions, MergeService } from '../merge-requests/merge.service';
import type { SystemNotesService } from '../notes/system-notes.service';
import { projectSubject, type ProjectContext, type ProjectsService } from '../projects/projects.service';
import type { UsersService } from '../users/users.service';
import { createMergeNow } from './merge-now';
import {
  findActiveCar,
  findLatestCarListing,
  listActiveCars,
  listCars,
  pipelineStatusOf,
} from './merge-trains.repo';
import { createTrainCars } from './train-cars';
import { createTrainPipelines, type TrainCi } from './train-pipelines';
import { listenForTrainChanges } from './train-listener';
import { createTrainRefresh } from './train-refresh';
import { REFRESH_JOB, createTrainSignals, refreshPayload, trainOf } from './train-signals';

export const MERGE_TRAINS_DISABLED = 'Merge trains are not enabled for this project';
export const CAR_MERGING = 'The merge request is being merged by the merge train';

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
  log: ServiceLog;
};

/**
 * Merge trains: a queue of merge requests per target branch. A car joins with `merge_train`
 * (or `add_to_merge_train_when_checks_pass`, through auto-merge, once the checks pass); a job per
 * train computes the cars' merged results and merges the first (`train-refresh.ts`); "Merge now"
 * goes past the train (`merge-now.ts`). This module answers what the routes and the widget ask.
 */
export function createMergeTrainsService(deps: Deps) {
  const { db, bus, jobs, mergeRequests } = deps;
  const signals = createTrainSignals(deps);
  const pipelines = createTrainPipelines(db);
  const cars = createTrainCars({ ...deps, signals, pipelines });
  const { refresh } = createTrainRefresh({ ...deps, signals, cars, pipelines });
  const mergeNow = createMergeNow({ ...deps, signals, pipelines });

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
  async function join(
    actor: CurrentUser,
    ctx: ProjectContext,
    iid: number,
    options: MergeOptions,
  ): Promise<AutoMergeOutcome> {
    if (!ctx.project.mergeTrainsEnabled) throw new UnprocessableError(MERGE_TRAINS_DISABLED);
    const view = await mergeRequests.checkedIn(actor, ctx, iid);
    const mr = view.mergeRequest;
    if (!(await mergeRequests.mayMergeInto(actor, ctx, mr.targetBranch))) throw new ForbiddenError();
    if (await findActiveCar(db, mr.id)) return { kind: 'auto_merge_enabled', strategy: 'merge_train' };
    const status = detailedMergeStatus(view.mergeability);
    const choices = autoMergeChoices(view, actor, status === 'mergeable' ? null : status, options);
    if (!choices.ok) return choices.outcome;
    await cars.join(actor, mr, choices.params);
    return { kind: 'auto_merge_enabled', strategy: 'merge_train' };
  }

  /** Asks the merge path to put a request on its train (as `merge_train` does), in the name of `actor`. */
  const enable = (actor: CurrentUser, projectRef: number | string, iid: number, options: MergeOptions) =>
    deps.merges.request(
      actor,
      projectRef,
      iid,
      { kind: 'auto', strategy: 'merge_train' },
      options,
      () => undefined,
    );

  /** "Remove from merge train"; a car whose merge has begun cannot be taken off. */
  async function remove(actor: CurrentUser, mr: MergeRequestRow): Promise<void> {
    const car = await findActiveCar(db, mr.id);
    if (!car || !(await cars.takeOff(car, mr, { authorId: actor.id, reason: null })))
      throw new ConflictError(CAR_MERGING);
  }

  /**
   * Where a request stands: its index on its train (null when not on one), how many cars the
   * train has, and its car's merge train pipeline (id and status; null without one).
   */
  async function positionOf(mr: Pick<MergeRequestRow, 'id' | 'projectId' | 'targetBranch'>) {
    const active = await listActiveCars(db, trainOf(mr));
    const index = active.findIndex((car) => car.mergeRequestId === mr.id);
    const pipelineId = active[index]?.pipelineId ?? null;
    const status = pipelineId === null ? null : await pipelineStatusOf(db, pipelineId);
    return {
      index: index === -1 ? null : index,
      count: active.length,
      pipeline: pipelineId !== null && status !== null ? { id: pipelineId, status } : null,
    };
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
    const view = await mergeRequests.checkedIn(actor, ctx, iid);
    const car = await findLatestCarListing(db, view.mergeRequest.id);
    if (!car) throw new NotFoundError('Merge Train Merge Request');
    return { ctx, car };
  }

  /** Whether a request is on its train now, and which train that is. */
  async function standing(actor: CurrentUser, projectRef: number | string, iid: number) {
    const ctx = await mergeRequests.loadForRead(actor, projectRef);
    const mr = (await mergeRequests.checkedIn(actor, ctx, iid)).mergeRequest;
    return { targetBranch: mr.targetBranch, onTrain: (await findActiveCar(db, mr.id)) !== null };
  }

  jobs.register(REFRESH_JOB, (payload) => refresh(refreshPayload.parse(payload)));
  // The merge path asks the train what a strategy becomes, puts cars on it, and tells it of merges now.
  deps.merges.useMergeTrain({ strategyFor, join, ...mergeNow });
  listenForTrainChanges({ db, bus, signals, log: deps.log });

  /** CI plugs in once it is built: from then on every car's merged result runs a merge train pipeline. */
  const runPipelinesWith = (ci: TrainCi) => pipelines.plugIn(ci);

  return {
    strategyFor,
    join,
    enable,
    remove,
    refresh,
    positionOf,
    loadForTrains,
    list,
    carOf,
    standing,
    runPipelinesWith,
  };
}

export type MergeTrainsService = ReturnType<typeof createMergeTrainsService>;
