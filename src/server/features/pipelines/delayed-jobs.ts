import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { enqueueWithin } from '../../jobs/jobs';
import type { EventBus } from '../../realtime/bus';
import { findBuild, lockBuild, updateBuild } from './builds.repo';
import { pipelineQueue, START_DELAYED_JOB } from './pipeline-follow-ups';
import { processPipeline } from './pipeline-processing';
import { enqueueStatusOf } from './resource-requests';
import { lockPipeline } from './pipelines.repo';

/**
 * A delayed job (`when: delayed`) starts on its own when its `start_in` has passed: the queue
 * runs this once, in whichever app process claims it. A job played, unscheduled or canceled
 * meanwhile is no longer `scheduled` and is left alone; one run early (another process's clock)
 * is queued again for its time.
 */
export function createDelayedJobs({ db, bus, clock }: { db: Db; bus: EventBus; clock: Clock }) {
  async function start(buildId: number): Promise<void> {
    const seen = await findBuild(db, buildId);
    if (!seen || seen.status !== 'scheduled') return;
    await db.transaction(async (tx) => {
      await lockPipeline(tx, seen.pipelineId);
      const build = await lockBuild(tx, buildId);
      if (!build || build.status !== 'scheduled' || build.retried) return;
      const now = clock.now();
      if (build.scheduledAt && build.scheduledAt > now) {
        await enqueueWithin(tx, bus, {
          queue: pipelineQueue(build.pipelineId),
          kind: START_DELAYED_JOB,
          payload: { buildId },
          runAt: build.scheduledAt,
        });
        return;
      }
      const to = enqueueStatusOf(build);
      await updateBuild(tx, build.id, {
        status: to,
        ...(to === 'pending' ? { queuedAt: now } : {}),
        updatedAt: now,
      });
      await bus.publish(
        {
          type: 'job.updated',
          projectId: build.projectId,
          pipelineId: build.pipelineId,
          jobIds: [build.id],
          status: to,
        },
        tx,
      );
      await processPipeline(tx, { bus, clock }, build.pipelineId);
    });
  }

  return { start };
}
