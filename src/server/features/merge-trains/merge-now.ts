import type { CurrentUser } from '../../auth/current-user';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { MergeOutcome } from '../merge-requests/merge.service';
import type { ProjectContext } from '../projects/projects.service';
import {
  deleteCar,
  findActiveCar,
  insertCar,
  listActiveCars,
  markStale,
  updateCar,
} from './merge-trains.repo';
import { pointTrainRef } from './train-ref';
import type { TrainPipelines } from './train-pipelines';
import { carTrain, trainOf, type TrainSignals } from './train-signals';

export const SKIP_TRAIN_NOT_ALLOWED = 'This project does not allow merging immediately past the merge train';

type Deps = { db: Db; clock: Clock; signals: TrainSignals; pipelines: Pick<TrainPipelines, 'cancel'> };

type Way = { skipMergeTrain?: boolean };

/**
 * A person's merge now, past the train when the project has one: "Merge now and restart train"
 * computes the cars again on top of the new target; "Merge now and don't restart train"
 * (`skip_merge_train`, where the project allows it) lets them go on as they are. The merge path
 * (merge-requests/merge.service) asks before the merge and tells after it.
 */
export function createMergeNow({ db, clock, signals, pipelines }: Deps) {
  /** Skipping the train is refused where the project does not allow it. */
  function beforeMergeNow(ctx: ProjectContext, way: Way): MergeOutcome | null {
    if (!ctx.project.mergeTrainsEnabled) return null;
    if (way.skipMergeTrain && !ctx.project.mergeTrainsSkipTrainAllowed)
      return { kind: 'refused', message: SKIP_TRAIN_NOT_ALLOWED };
    return null;
  }

  /** The merged request leaves its train (or is kept as skip-merged); the cars behind are computed again. */
  async function afterMergeNow(
    actor: CurrentUser,
    ctx: ProjectContext,
    outcome: Extract<MergeOutcome, { kind: 'merged' }>,
    way: Way,
  ): Promise<void> {
    if (!ctx.project.mergeTrainsEnabled) return;
    const mr = outcome.view.mergeRequest;
    const train = trainOf(mr);
    const now = clock.now();
    const ownPipeline = await db.transaction(async (tx) => {
      const own = await findActiveCar(tx, mr.id);
      if (way.skipMergeTrain) {
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
        return own?.pipelineId ?? null;
      }
      if (own) await deleteCar(tx, own.id);
      // Restarting: every car computes its merged result again, and runs a new pipeline on it.
      await markStale(
        tx,
        (await listActiveCars(tx, train)).map((car) => car.id),
        now,
      );
      return own?.pipelineId ?? null;
    });
    // The request merged past its pipeline: that pipeline decides nothing any more.
    await pipelines.cancel(ownPipeline);
    await pointTrainRef(ctx.gitDir, mr.iid, null);
    await signals.announceTrain(train);
    await signals.queueRefresh(train);
  }

  return { beforeMergeNow, afterMergeNow };
}
