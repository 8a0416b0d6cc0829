import { nextResourceHolder } from '../../../shared/ci/resource-groups/resourceGroups';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { EventBus } from '../../realtime/bus';
import { lockBuild, updateBuild } from './builds.repo';
import { queueBridges } from './pipeline-follow-ups';
import { isCompleted, processPipeline } from './pipeline-processing';
import { lockPipeline } from './pipelines.repo';
import {
  findResourceGroup,
  listResourceCandidates,
  lockResource,
  setResourceHolder,
} from './resource-groups.repo';
import { ASSIGN_RESOURCE, type ResourceGroupPayload } from './resource-requests';

/**
 * GitLab's AssignResourceFromResourceGroupService (queued by `requestResourceAssignments`; it
 * locks the group's resource, then the pipeline of the job that takes it): a resource held by a finished job is released,
 * and a free one goes to the job the group's process mode picks, which becomes pending (a runner
 * takes it) and its pipeline is processed. Once per call: the resource is one.
 */
export function createResourceAssignment({ db, bus, clock }: { db: Db; bus: EventBus; clock: Clock }) {
  async function assign(resourceGroupId: number): Promise<void> {
    await db.transaction(async (tx) => {
      const resource = await lockResource(tx, resourceGroupId);
      const group = await findResourceGroup(tx, resourceGroupId);
      if (!resource || !group) return;
      const now = clock.now();
      if (resource.buildId !== null) {
        const stale = resource.holderStatus === null || isCompleted(resource.holderStatus);
        if (!stale) return;
        await setResourceHolder(tx, resource.id, null, now);
      }
      // A picked job may have been canceled since it was read (its pipeline was not locked yet):
      // then the next one is picked.
      for (let attempt = 0; attempt < 10; attempt++) {
        const next = nextResourceHolder(group.processMode, await listResourceCandidates(tx, resourceGroupId));
        if (!next) return;
        await lockPipeline(tx, next.pipelineId);
        const build = await lockBuild(tx, next.id);
        if (!build || build.retried || build.status !== 'waiting_for_resource') continue;
        await updateBuild(tx, build.id, { status: 'pending', queuedAt: now, updatedAt: now });
        await setResourceHolder(tx, resource.id, build.id, now);
        await bus.publish(
          {
            type: 'job.updated',
            projectId: build.projectId,
            pipelineId: build.pipelineId,
            jobIds: [build.id],
            status: 'pending',
          },
          tx,
        );
        // A trigger job with a resource group runs on the server: its downstream pipeline is queued.
        await queueBridges(tx, bus, [build], now);
        await processPipeline(tx, { bus, clock }, build.pipelineId);
        return;
      }
    });
  }

  return { assign };
}

/** The queue's handler for hand-overs. */
export function registerResourceAssignment(
  jobs: { register(kind: string, handler: (payload: unknown) => Promise<void>): void },
  assign: (resourceGroupId: number) => Promise<void>,
): void {
  jobs.register(ASSIGN_RESOURCE, (payload) => assign((payload as ResourceGroupPayload).resourceGroupId));
}
