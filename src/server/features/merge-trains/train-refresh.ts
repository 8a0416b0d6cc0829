import type { z } from 'zod';
import { detailedMergeStatus } from '../../../shared/merge-requests/detailedMergeStatus';
import { mergeBlockerMessage } from '../../../shared/merge-requests/mergeBlockers';
import type { CurrentUser } from '../../auth/current-user';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { readCommit } from '../../git/commits';
import { prepareMerge } from '../../git/merge';
import { branchRef, resolveCommit } from '../../git/repository';
import type { EventBus } from '../../realtime/bus';
import { lowerFirst, mergeParams } from '../../../shared/auto-merge/autoMergeRules';
import { announceMergeRequest } from '../merge-requests/merge-request-events';
import type { MergeRequestRow } from '../merge-requests/merge-request-rows';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import type { MergeOutcome, MergeService } from '../merge-requests/merge.service';
import type { ProjectContext } from '../projects/projects.service';
import type { UsersService } from '../users/users.service';
import {
  claimForMerge,
  findCar,
  listActiveCars,
  mergeTrainsEnabled,
  updateCar,
  type CarRow,
  type Train,
} from './merge-trains.repo';
import { pointTrainRef } from './train-ref';
import type { TrainCars } from './train-cars';
import { PIPELINE_DID_NOT_SUCCEED, type TrainPipelines } from './train-pipelines';
import type { TrainSignals } from './train-signals';

type Deps = {
  db: Db;
  clock: Clock;
  bus: EventBus;
  users: Pick<UsersService, 'getUser'>;
  mergeRequests: Pick<MergeRequestsService, 'loadForRead' | 'mayMergeInto' | 'checkedIn' | 'rowById'>;
  merges: Pick<MergeService, 'request'>;
  signals: TrainSignals;
  cars: Pick<TrainCars, 'takeOff'>;
  pipelines: Pick<TrainPipelines, 'start' | 'cancel' | 'verdict'>;
};

type Ready = {
  kind: 'ready';
  ctx: ProjectContext;
  actor: CurrentUser;
  params: z.infer<typeof mergeParams>;
  mr: MergeRequestRow;
};

/** What a look at a car found: go on with it, wait for a merge or check in progress, or drop it. */
type Look = Ready | { kind: 'wait' } | { kind: 'gone' } | { kind: 'drop'; reason: string };

/**
 * The train's job: computes each car's merged result on top of the cars ahead (kept at
 * `refs/merge-requests/:iid/train`, where a merged-results pipeline will run), and merges the
 * first car once it is fresh, with the merge service and the choices made when it joined. A car
 * that can no longer merge drops out with the reason, and the cars behind it are computed again.
 */
export function createTrainRefresh(deps: Deps) {
  const { db, clock, bus, users, mergeRequests, merges, signals, cars, pipelines } = deps;
  /** Whether a car can go on: its request open and set to the train, its checks passing, its user still allowed. */
  async function lookAt(car: CarRow, trainsEnabled: boolean): Promise<Look> {
    const row = await mergeRequests.rowById(car.mergeRequestId);
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
    if (!trainsEnabled) return { kind: 'drop', reason: 'project disabled merge trains' };
    if (row.state !== 'opened') return { kind: 'drop', reason: 'the merge request is closed' };
    const params = mergeParams.safeParse(row.mergeParams).data;
    if (!row.autoMergeEnabled || row.autoMergeStrategy !== 'merge_train' || !params)
      return { kind: 'drop', reason: 'the merge request is not set to auto-merge' };
    const mayNoLongerMerge = { kind: 'drop', reason: 'the user who added it may no longer merge' } as const;
    const { user: actor } = await users.getUser(params.userId);
    // One who may no longer read the project may no longer merge into it.
    const ctx = await mergeRequests.loadForRead(actor, row.projectId).catch(() => null);
    if (!ctx || !(await mergeRequests.mayMergeInto(actor, ctx, row.targetBranch))) return mayNoLongerMerge;
    const view = await mergeRequests.checkedIn(actor, ctx, row.iid);
    // GitLab looks at a car with skip_ci_check: its own train pipeline (soon the request's head
    // pipeline) decides below, so "Pipelines must succeed" neither drops it while that runs nor
    // holds it to the pipeline it had before joining.
    const status = detailedMergeStatus({ ...view.mergeability, pipeline: 'inactive' });
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

  /** The commit the request would make on top of `base` (the car ahead's result, or the target head), and that base. */
  async function mergedResult({ ctx, actor, mr }: Ready, base: string | null) {
    const onto = base ?? (await resolveCommit(ctx.gitDir, branchRef(mr.targetBranch)));
    if (!onto || !mr.headSha) return null;
    const prepared = await prepareMerge(ctx.gitDir, {
      method: 'merge',
      targetHead: onto,
      sourceHead: mr.headSha,
      message: `Merge branch '${mr.sourceBranch}' into '${mr.targetBranch}'`,
      squash: null,
      merger: { name: actor.name, email: actor.email, date: clock.now() },
    });
    return prepared.ok ? { sha: prepared.value.newHead, onto } : null;
  }

  /** The source head a fresh car was computed with: its merged result's second parent. */
  async function computedHead(ctx: ProjectContext, car: CarRow): Promise<string | null> {
    if (!car.mergedResultSha) return null;
    return (await readCommit(ctx.gitDir, car.mergedResultSha))?.parentShas[1] ?? null;
  }

  /**
   * Computes every car's merged result in order (a conflict with the cars ahead drops the car),
   * each new result starting its merge train pipeline (the one it replaces canceled); a car whose
   * pipeline could not be made or did not succeed leaves, and the cars behind it restart. Then the first car merges
   * once it is fresh and its pipeline passed (or it has none: a project without CI), and the
   * next look is queued.
   */
  async function refresh(train: Train): Promise<void> {
    const active = await listActiveCars(db, train);
    const enabled = await mergeTrainsEnabled(db, train.projectId);
    let base: string | null = null;
    let front: { car: CarRow; look: Ready } | null = null;
    for (const listed of active) {
      // A car that left this look made the cars behind it stale: they are read again.
      const car = await findCar(db, listed.id);
      if (!car || car.status === 'merged' || car.status === 'skip_merged') continue;
      const look = await lookAt(car, enabled);
      if (look.kind === 'wait') break;
      if (look.kind === 'gone') continue;
      const row = look.kind === 'ready' ? look.mr : await mergeRequests.rowById(car.mergeRequestId);
      if (!row) continue;
      if (look.kind === 'drop') {
        await cars.takeOff(car, row, { authorId: car.userId, reason: look.reason });
        continue;
      }
      let current: CarRow | null = car;
      if (car.status === 'fresh' && (await computedHead(look.ctx, car)) !== look.mr.headSha) {
        await cars.takeOff(car, row, { authorId: car.userId, reason: 'source branch was updated' });
        continue;
      }
      if (car.status !== 'fresh') {
        const result = await mergedResult(look, base);
        if (!result) {
          await cars.takeOff(car, row, { authorId: car.userId, reason: 'merge conflicts must be resolved' });
          continue;
        }
        // The ref first: the pipeline's jobs fetch it. The old pipeline goes once the new one runs.
        await pointTrainRef(look.ctx.gitDir, row.iid, result.sha);
        const started = await pipelines.start(look, result.sha, result.onto);
        if (started.kind === 'not_created') {
          // As a failed pipeline: the car leaves, the cars behind it start again.
          await cars.takeOff(car, row, { authorId: car.userId, reason: started.reason });
          continue;
        }
        const pipelineId = started.kind === 'pipeline' ? started.pipelineId : null;
        current = await updateCar(db, car.id, {
          status: 'fresh',
          mergedResultSha: result.sha,
          pipelineId,
          updatedAt: clock.now(),
        });
        if (car.pipelineId !== pipelineId) await pipelines.cancel(car.pipelineId);
        if (!current) continue;
        await announceMergeRequest(bus, row);
      }
      if ((await pipelines.verdict(current)) === 'did_not_succeed') {
        await cars.takeOff(current, row, { authorId: car.userId, reason: PIPELINE_DID_NOT_SUCCEED });
        continue;
      }
      base = current.mergedResultSha;
      front ??= { car: current, look };
    }
    if (front && ['none', 'passed'].includes(await pipelines.verdict(front.car)))
      await mergeFront(train, front.car, front.look);
  }

  /** Merges the first car as the user who added it; a merge that does not land drops the car. */
  async function mergeFront(train: Train, car: CarRow, look: Ready) {
    if (!(await claimForMerge(db, car.id, clock.now()))) return;
    const { actor, params, mr, ctx } = look;
    const sha = (await computedHead(ctx, car)) ?? undefined;
    let outcome: MergeOutcome;
    try {
      // The project the look loaded is the merge's too.
      const asChosen = { ...params, sha };
      outcome = await merges.request(actor, ctx, mr.iid, { kind: 'direct' }, asChosen, () => undefined);
    } catch (error) {
      // Looked at again on the job's retry.
      await updateCar(db, car.id, { status: 'stale', updatedAt: clock.now() });
      throw error;
    }
    if (outcome.kind === 'merged') {
      const now = clock.now();
      await updateCar(db, car.id, { status: 'merged', mergedAt: now, updatedAt: now });
      await pointTrainRef(ctx.gitDir, mr.iid, null);
      await signals.announceTrain(train, [mr]);
    } else {
      await updateCar(db, car.id, { status: 'stale', updatedAt: clock.now() });
      const reason =
        outcome.kind === 'sha_mismatch' ? 'source branch was updated' : lowerFirst(outcome.message);
      await cars.takeOff(car, mr, { authorId: car.userId, reason });
    }
    await signals.queueRefresh(train);
  }

  return { refresh };
}
