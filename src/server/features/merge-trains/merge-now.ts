import type { CurrentUser } from '../../auth/current-user';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { AutoMergeOutcome } from '../merge-requests/auto-merge.service';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import type { MergeOptions, MergeService } from '../merge-requests/merge.service';
import {
  deleteCar,
  findActiveCar,
  insertCar,
  listActiveCars,
  markStale,
  updateCar,
} from './merge-trains.repo';
import { pointTrainRef } from './train-ref';
import { carTrain, trainOf, type TrainSignals } from './train-signals';

export const SKIP_TRAIN_NOT_ALLOWED = 'This project does not allow merging immediately past the merge train';

type Deps = {
  db: Db;
  clock: Clock;
  mergeRequests: Pick<MergeRequestsService, 'loadForRead'>;
  signals: TrainSignals;
};

/**
 * Merges now, past the train when the project has one: "Merge now and restart train" computes
 * the cars again on top of the new target; "Merge now and don't restart train"
 * (`skip_merge_train`, where the project allows it) lets them go on as they are. The merge is
 * done by the caller's merge service, in the project loaded here once.
 */
export function createMergeNow({ db, clock, mergeRequests, signals }: Deps) {
  return async function mergeNow(
    merger: Pick<MergeService, 'mergeIn'>,
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    options: MergeOptions & { skipMergeTrain?: boolean },
    onHookError: (error: unknown) => void,
  ): Promise<AutoMergeOutcome> {
    const ctx = await mergeRequests.loadForRead(actor, projectRef);
    if (!ctx.project.mergeTrainsEnabled) return merger.mergeIn(actor, ctx, iid, options, onHookError);
    if (options.skipMergeTrain && !ctx.project.mergeTrainsSkipTrainAllowed)
      return { kind: 'refused', message: SKIP_TRAIN_NOT_ALLOWED };
    const outcome = await merger.mergeIn(actor, ctx, iid, options, onHookError);
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
    await pointTrainRef(ctx.gitDir, mr.iid, null);
    await signals.announceTrain(train);
    await signals.queueRefresh(train);
    return outcome;
  };
}
