import type { Db } from '../../db/client';
import type { EventBus } from '../../realtime/bus';
import type { ServiceLog } from '../../service-log';
import { mergeRequestIdOf, standingOf, type Standing } from '../merge-requests/merge-request-events';
import { findActiveCar, findActiveCarByPipeline, listTrainsOfProject } from './merge-trains.repo';
import type { TrainSignals } from './train-signals';

/**
 * Whether an announcement can matter to a train: any change of a request set to the train, or the
 * request's own update that merged or closed it some other way (a quick action), whose car the
 * train must let go. A note on a request that has left never does.
 */
const FINISHED = ['success', 'failed', 'canceled', 'skipped'];

export const mayMatterToTrain = (standing: Standing, ownUpdate: boolean): boolean =>
  standing.autoMergeStrategy === 'merge_train' ||
  (ownUpdate && (standing.state === 'merged' || standing.state === 'closed'));

/**
 * A change of a request on a train (a push, a thread, a draft) or of its project's settings
 * queues a look at the train, from whichever process made it. Announcements of requests that
 * cannot be on a train are dropped first, without a read when the announcement says where the
 * request stands.
 */
export function listenForTrainChanges({
  db,
  bus,
  signals,
  log,
}: {
  db: Db;
  bus: EventBus;
  signals: Pick<TrainSignals, 'queueRefresh' | 'announceCar'>;
  log: ServiceLog;
}): () => void {
  // A look that could not be queued (the database away) is queued again by the next change.
  const failed = (context: Record<string, unknown>) => (error: unknown) =>
    log.warn({ err: error, ...context }, 'queueing a look at a merge train failed');
  return bus.subscribe((event) => {
    // A car's pipeline moved on: its widget shows it; once finished the car merges (or leaves,
    // and the cars behind restart).
    if (event.type === 'pipeline.updated') {
      void findActiveCarByPipeline(db, event.pipelineId)
        .then(async (car) => {
          if (!car) return;
          await signals.announceCar(car);
          if (FINISHED.includes(event.status))
            await signals.queueRefresh({ projectId: car.targetProjectId, targetBranch: car.targetBranch });
        })
        .catch(failed({ projectId: event.projectId, pipelineId: event.pipelineId }));
      return;
    }
    if (event.type === 'project.updated') {
      void listTrainsOfProject(db, event.projectId)
        .then(async (trains) => {
          for (const train of trains) await signals.queueRefresh(train);
        })
        .catch(failed({ projectId: event.projectId }));
      return;
    }
    const mergeRequestId = mergeRequestIdOf(event);
    if (mergeRequestId === null) return;
    void standingOf(db, event, mergeRequestId)
      .then(async (standing) => {
        const ownUpdate = event.type === 'merge_request.updated';
        if (!standing || !mayMatterToTrain(standing, ownUpdate)) return;
        const car = await findActiveCar(db, mergeRequestId);
        if (car)
          await signals.queueRefresh({ projectId: car.targetProjectId, targetBranch: car.targetBranch });
      })
      .catch(failed({ mergeRequestId }));
  });
}
