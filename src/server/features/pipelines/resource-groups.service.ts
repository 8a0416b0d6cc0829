import type { ProcessMode } from '../../../shared/ci/resource-groups/resourceGroups';
import { upcomingJobs } from '../../../shared/ci/resource-groups/resourceGroups';
import { can, type Action, type Actor } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../errors';
import { projectSubject, type ProjectContext, type ProjectsService } from '../projects/projects.service';
import type { EventBus } from '../../realtime/bus';
import type { JobsService } from './jobs.service';
import {
  findResourceGroupByKey,
  listResourceCandidates,
  listResourceGroups,
  updateResourceGroup,
  type ResourceGroupRow,
} from './resource-groups.repo';
import { requestStalledHandOvers } from './resource-requests';

type Deps = {
  db: Db;
  bus: EventBus;
  clock: Pick<Clock, 'now'>;
  projects: Pick<ProjectsService, 'loadProject'>;
  ciJobs: Pick<JobsService, 'viewsByIds'>;
};

type Page = { offset: number; limit: number };

/** GitLab's resource group API: a project's groups, one group, its process mode, its upcoming jobs. */
export function createResourceGroupsService({ db, bus, clock, projects, ciJobs }: Deps) {
  async function allowed(actor: Actor, projectRef: string, action: Action): Promise<ProjectContext> {
    const ctx = await projects.loadProject(actor, projectRef);
    if (!can(actor, action, projectSubject(ctx))) throw new ForbiddenError();
    return ctx;
  }

  async function groupOf(ctx: ProjectContext, key: string): Promise<ResourceGroupRow> {
    const group = await findResourceGroupByKey(db, ctx.project.id, key);
    if (!group) throw new NotFoundError();
    return group;
  }

  async function list(actor: Actor, projectRef: string, page: Page) {
    const ctx = await allowed(actor, projectRef, 'read_resource_group');
    return listResourceGroups(db, ctx.project.id, page);
  }

  async function get(actor: Actor, projectRef: string, key: string) {
    return groupOf(await allowed(actor, projectRef, 'read_resource_group'), key);
  }

  async function update(actor: Actor, projectRef: string, key: string, processMode: ProcessMode | undefined) {
    const ctx = await allowed(actor, projectRef, 'update_resource_group');
    const group = await groupOf(ctx, key);
    if (!processMode || processMode === group.processMode) return group;
    return (await updateResourceGroup(db, group.id, { processMode, updatedAt: clock.now() })) ?? group;
  }

  /** The jobs still to get the resource, in the order the group's process mode hands it on. */
  async function upcoming(actor: Actor, projectRef: string, key: string, page: Page) {
    const ctx = await allowed(actor, projectRef, 'read_resource_group');
    if (!can(actor, 'read_pipeline', projectSubject(ctx))) throw new ForbiddenError();
    const group = await groupOf(ctx, key);
    const ordered = upcomingJobs(group.processMode, await listResourceCandidates(db, group.id));
    const ids = ordered.slice(page.offset, page.offset + page.limit).map((job) => job.id);
    return { ctx, jobs: await ciJobs.viewsByIds(ctx, ids), total: ordered.length };
  }

  /** Queues the hand-overs that should have happened and did not (run by every process's CI sweep). */
  const resumeStalled = () => requestStalledHandOvers(db, bus, clock.now());

  return { list, get, update, upcoming, resumeStalled };
}

export type ResourceGroupsService = ReturnType<typeof createResourceGroupsService>;
