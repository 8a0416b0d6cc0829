import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { EventBus } from '../../realtime/bus';
import { updateBuild, type BuildRow } from './builds.repo';

const CANCELABLE = ['created', 'waiting_for_resource', 'preparing', 'pending', 'manual', 'scheduled'];

/**
 * What canceling a job in `status` makes of it: a job not yet running is canceled at once; a
 * running one is `canceling` when its runner can cancel gracefully (it learns so from its next
 * update's answer), else canceled. Null: it is finished already.
 */
export function cancelTarget(status: string, graceful: boolean): 'canceled' | 'canceling' | null {
  if (CANCELABLE.includes(status)) return 'canceled';
  if (status === 'running') return graceful ? 'canceling' : 'canceled';
  return null;
}

/** Cancels a job whose row the caller has locked, and announces it when the transaction commits. */
export async function cancelLockedBuild(
  tx: Db,
  { bus, clock }: { bus: EventBus; clock: Pick<Clock, 'now'> },
  build: BuildRow,
  graceful: boolean,
): Promise<boolean> {
  const to = cancelTarget(build.status, graceful);
  if (!to) return false;
  const now = clock.now();
  await updateBuild(tx, build.id, {
    status: to,
    updatedAt: now,
    ...(to === 'canceled' ? { finishedAt: now } : {}),
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
  return true;
}
