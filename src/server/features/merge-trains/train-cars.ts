import type { CurrentUser } from '../../auth/current-user';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { AUTO_MERGE_FAILED, type MergeParams } from '../../../shared/auto-merge/autoMergeRules';
import type { MergeRequestRow } from '../merge-requests/merge-request-rows';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import type { SystemNotesService } from '../notes/system-notes.service';
import type { ProjectsService } from '../projects/projects.service';
import {
  findActiveCar,
  insertCar,
  listActiveCars,
  markStale,
  removeWaitingCar,
  type CarRow,
} from './merge-trains.repo';
import { pointTrainRef } from './train-ref';
import type { TrainPipelines } from './train-pipelines';
import { carTrain, trainOf, type TrainSignals } from './train-signals';

type Deps = {
  db: Db;
  clock: Clock;
  projects: Pick<ProjectsService, 'gitDirOf'>;
  mergeRequests: Pick<MergeRequestsService, 'setAutoMerge'>;
  systemNotes: Pick<SystemNotesService, 'record' | 'announce'>;
  signals: TrainSignals;
  pipelines: Pick<TrainPipelines, 'cancel'>;
};

/** Cars getting on and off a train, each with its system note, the train told and looked at again. */
export function createTrainCars(deps: Deps) {
  const { db, clock, projects, mergeRequests, systemNotes, signals, pipelines } = deps;
  /** Puts a request on its train with the choices made now; false when another call put it on a moment ago. */
  async function join(actor: CurrentUser, mr: MergeRequestRow, params: MergeParams): Promise<boolean> {
    const train = trainOf(mr);
    const now = clock.now();
    const joined = await db
      .transaction(async (tx) => {
        await mergeRequests.setAutoMerge(
          mr.id,
          {
            autoMergeEnabled: true,
            autoMergeStrategy: 'merge_train',
            mergeParams: params,
            mergeError: null,
            updatedAt: now,
          },
          tx,
        );
        const ahead = (await listActiveCars(tx, train)).length;
        await insertCar(tx, { mergeRequestId: mr.id, ...carTrain(train), userId: actor.id, createdAt: now });
        return systemNotes.record(
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
      })
      // Another call added it a moment ago: the one-active-car index refused this one.
      .catch(async (error: unknown) => {
        if (await findActiveCar(db, mr.id)) return null;
        throw error;
      });
    if (!joined) return false;
    await systemNotes.announce(joined);
    await signals.announceTrain(train);
    await signals.queueRefresh(train);
    return true;
  }

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
      await mergeRequests.setAutoMerge(
        mr.id,
        {
          autoMergeEnabled: false,
          autoMergeStrategy: null,
          mergeParams: null,
          mergeError: why.reason === null ? null : AUTO_MERGE_FAILED,
          updatedAt: now,
        },
        tx,
      );
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
    // Its pipeline decides nothing any more (the cars behind start theirs again on the next look).
    await pipelines.cancel(car.pipelineId);
    await pointTrainRef(projects.gitDirOf(mr.projectId), mr.iid, null);
    await systemNotes.announce(taken);
    await signals.announceTrain(train, [mr]);
    await signals.queueRefresh(train);
    return true;
  }

  return { join, takeOff };
}

export type TrainCars = ReturnType<typeof createTrainCars>;
