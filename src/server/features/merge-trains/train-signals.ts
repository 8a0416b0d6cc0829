import { z } from 'zod';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/jobs';
import type { EventBus } from '../../realtime/bus';
import { announceMergeRequest } from '../merge-requests/merge-request-events';
import type { MergeRequestRow } from '../merge-requests/merge-request-rows';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import { hasQueuedJob, listActiveCars, type CarRow, type Train } from './merge-trains.repo';

export const REFRESH_JOB = 'merge_train_refresh';
export const refreshPayload = z.object({ projectId: z.number(), targetBranch: z.string() });

/** One queue per train: its cars are looked at and merged one job at a time, across processes. */
const trainQueue = (train: Train) => `merge_train:${train.projectId}:${train.targetBranch}`;

export const trainOf = (mr: Pick<MergeRequestRow, 'projectId' | 'targetBranch'>): Train => ({
  projectId: mr.projectId,
  targetBranch: mr.targetBranch,
});

/** The car columns that name its train. */
export const carTrain = (train: Train) => ({
  targetProjectId: train.projectId,
  targetBranch: train.targetBranch,
});

/** How a train's changes get out: a look at the train queued, its cars' widgets told. */
export function createTrainSignals({
  db,
  bus,
  jobs,
  mergeRequests,
}: {
  db: Db;
  bus: EventBus;
  jobs: JobQueue;
  mergeRequests: Pick<MergeRequestsService, 'rowById'>;
}) {
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
      const row = await mergeRequests.rowById(id);
      if (row) await announceMergeRequest(bus, row);
    }
  }

  /** One car's widget is told (its pipeline moved on). */
  async function announceCar(car: Pick<CarRow, 'mergeRequestId'>) {
    const row = await mergeRequests.rowById(car.mergeRequestId);
    if (row) await announceMergeRequest(bus, row);
  }

  return { queueRefresh, announceTrain, announceCar };
}

export type TrainSignals = ReturnType<typeof createTrainSignals>;
