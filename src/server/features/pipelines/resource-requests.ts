import { COMPLETED_STATUSES, type CiStatus } from '../../../shared/ci/status/composite';
import { enqueueTarget } from '../../../shared/ci/status/processing';
import type { Db } from '../../db/client';
import { enqueueOnceWithin } from '../../jobs/jobs';
import type { EventBus } from '../../realtime/bus';
import type { BuildRow, ProcessedBuildRow } from './builds.repo';
import { listStalledResourceGroups, resourceGroupsHeldBy } from './resource-groups.repo';

/**
 * Handing a resource group's resource on is queued work (GitLab's
 * AssignResourceFromResourceGroupWorker): it locks the resource first and then the pipeline of
 * the job that takes it, while processing a pipeline (which holds that pipeline's lock) only asks
 * for it. Taking the two locks in one order everywhere is what keeps processes from deadlocking.
 */
export const ASSIGN_RESOURCE = 'ci.assign_resource';
/** One queue per group: its hand-overs run one at a time. */
export const resourceGroupQueue = (resourceGroupId: number) => `ci_resource_group:${resourceGroupId}`;

export type ResourceGroupPayload = { resourceGroupId: number };

/** Where a job with or without a resource group goes when it is queued to run. */
export const enqueueStatusOf = (build: Pick<BuildRow, 'resourceGroupId'>) =>
  enqueueTarget({ resourceGroup: build.resourceGroupId !== null });

/**
 * Called by processing: a group gets a hand-over when one of this pipeline's jobs waits for its
 * resource, or when a finished job (success, failed, canceled, skipped) still holds it.
 */
export async function requestResourceAssignments(
  tx: Db,
  bus: EventBus,
  builds: ProcessedBuildRow[],
  now: Date,
): Promise<void> {
  const grouped = builds.filter((build) => build.resourceGroupId !== null);
  if (grouped.length === 0) return;
  const waiting = grouped.filter((build) => build.status === 'waiting_for_resource');
  const finished = grouped
    .filter((build) => COMPLETED_STATUSES.includes(build.status as CiStatus))
    .map((build) => build.id);
  const groups = new Set([
    ...waiting.map((build) => build.resourceGroupId!),
    ...(await resourceGroupsHeldBy(tx, finished)),
  ]);
  for (const resourceGroupId of groups) await requestHandOver(tx, bus, resourceGroupId, now);
}

/** Queues a hand-over of the group's resource, unless one waits in its queue already. */
async function requestHandOver(tx: Db, bus: EventBus, resourceGroupId: number, now: Date): Promise<void> {
  await enqueueOnceWithin(tx, bus, {
    queue: resourceGroupQueue(resourceGroupId),
    kind: ASSIGN_RESOURCE,
    payload: { resourceGroupId } satisfies ResourceGroupPayload,
    runAt: now,
  });
}

/**
 * The sweep's part (GitLab respawns its worker for this): hand-overs for groups whose waiting
 * jobs nobody is handing the resource to. Answers how many were queued.
 */
export async function requestStalledHandOvers(db: Db, bus: EventBus, now: Date): Promise<number> {
  const stalled = await listStalledResourceGroups(db);
  for (const resourceGroupId of stalled) await requestHandOver(db, bus, resourceGroupId, now);
  return stalled.length;
}
