import type { RunnerPageRow, RunnersPageQuery } from '../../../shared/api/runnerPages';
import type { RunnerListQuery, UpdateRunnerBody } from '../../../shared/api/runners';
import { matchesRunnerFilters } from '../../../shared/ci/runnerFilters';
import type { Actor } from '../../auth/permissions';
import { can } from '../../auth/permissions';
import type { CurrentUser } from '../../auth/current-user';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../errors';
import { groupSubject, type GroupsService } from '../groups/groups.service';
import { namespaceWebUrl } from '../projects/projects.presenter';
import { projectSubject, type ProjectsService } from '../projects/projects.service';
import {
  presentRunner,
  presentRunnerDetails,
  presentRunnerPageRow,
  type RunnerGroup,
  type RunnerProject,
} from './runners.presenter';
import {
  assignRunner,
  deleteRunner,
  findRunner,
  listRunners,
  runnerProjectIds,
  runnersOfGroup,
  runnersOfProject,
  unassignRunner,
  updateRunner,
  type RunnerRow,
} from './runners.repo';
import { settingsOf } from './runners.service';

/** GitLab's words when a runner is not the viewer's to see or change. */
export const NO_ACCESS = '403 Forbidden - No access granted';
export const MORE_THAN_ONE_PROJECT = '403 Forbidden - Runner associated with more than one project';
export const ONLY_ONE_PROJECT =
  '403 Forbidden - Only one project associated with the runner. Please remove the runner instead';

type Deps = {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'externalUrl'>;
  projects: Pick<ProjectsService, 'loadProject'>;
  groups: Pick<GroupsService, 'loadGroup'>;
};

type Page = { offset: number; limit: number };

/**
 * Runners as people manage them over REST: lists, details, settings, removal, and which projects a
 * project runner serves. Instance runners are administrators', group runners the group owners',
 * project runners the Maintainers' of one of their projects.
 */
export function createRunnerManagementService({ db, clock, config, projects, groups }: Deps) {
  /** The actor's view of a project, or null where they cannot see it. */
  const projectOf = (actor: Actor, id: number) => projects.loadProject(actor, id).catch(() => null);
  const groupOf = (actor: Actor, id: number) => groups.loadGroup(actor, id).catch(() => null);

  /** GitLab's `update_runner`/`delete_runner`: whose runner this is to manage. */
  async function canManage(actor: Actor, runner: RunnerRow): Promise<boolean> {
    if (actor?.admin) return true;
    if (runner.runnerType === 'instance_type') return can(actor, 'create_runner', { type: 'instance' });
    if (runner.runnerType === 'group_type') {
      const group = runner.groupId === null ? null : await groupOf(actor, runner.groupId);
      return group !== null && can(actor, 'create_runner', groupSubject(group));
    }
    for (const id of await runnerProjectIds(db, runner.id)) {
      const ctx = await projectOf(actor, id);
      if (ctx && can(actor, 'create_runner', projectSubject(ctx))) return true;
    }
    return false;
  }

  function filterPage(rows: RunnerRow[], filters: RunnerListQuery, page: Page) {
    const now = clock.now();
    const matching = rows.filter((runner) => matchesRunnerFilters(runner, filters, now));
    const shown = matching.slice(page.offset, page.offset + page.limit);
    return { rows: shown.map((runner) => presentRunner(runner, now)), total: matching.length };
  }

  /** `GET /runners/all`: every runner, for administrators. */
  async function listAll(actor: CurrentUser, filters: RunnerListQuery, page: Page) {
    if (!actor.admin) throw new ForbiddenError();
    return filterPage(await listRunners(db), filters, page);
  }

  /** `GET /runners`: the runners of the projects and groups the actor administers. */
  async function listOwned(actor: CurrentUser, filters: RunnerListQuery, page: Page) {
    const owned: RunnerRow[] = [];
    for (const runner of await listRunners(db)) {
      if (runner.runnerType !== 'instance_type' && (await canManage(actor, runner))) owned.push(runner);
    }
    return filterPage(owned, filters, page);
  }

  /** A runner by id; 404 `Runner` when there is none. */
  async function load(id: number): Promise<RunnerRow> {
    const runner = await findRunner(db, id);
    if (!runner) throw new NotFoundError('Runner');
    return runner;
  }

  async function details(actor: Actor, runner: RunnerRow) {
    const seen: RunnerProject[] = [];
    for (const id of await runnerProjectIds(db, runner.id)) {
      const ctx = await projectOf(actor, id);
      if (ctx) {
        const { project, namespace, fullPath } = ctx;
        seen.push({
          id: project.id,
          name: project.name,
          path: project.path,
          namespaceName: namespace.name,
          fullPath,
        });
      }
    }
    const group = runner.groupId === null ? null : await groupOf(actor, runner.groupId);
    const shownGroups: RunnerGroup[] = group
      ? [{ id: group.group.id, name: group.group.name, webUrl: namespaceWebUrl(group.group, config) }]
      : [];
    return presentRunnerDetails(runner, clock.now(), seen, shownGroups);
  }

  /** `GET /runners/:id`: instance runners are anyone's to read; the others their managers'. */
  async function get(actor: CurrentUser, id: number) {
    const runner = await load(id);
    if (runner.runnerType !== 'instance_type' && !(await canManage(actor, runner)))
      throw new ForbiddenError(NO_ACCESS);
    return details(actor, runner);
  }

  /** A runner the actor manages (GitLab's `read_builds` on a runner: its jobs), else 403 or 404. */
  async function manageable(actor: CurrentUser, id: number): Promise<RunnerRow> {
    const runner = await load(id);
    if (!(await canManage(actor, runner))) throw new ForbiddenError(NO_ACCESS);
    return runner;
  }

  /** `PUT /runners/:id`. */
  async function update(actor: CurrentUser, id: number, input: UpdateRunnerBody) {
    await manageable(actor, id);
    const updated = await updateRunner(db, id, settingsOf(input), clock.now());
    if (!updated) throw new NotFoundError('Runner');
    return details(actor, updated);
  }

  /** `DELETE /runners/:id`: a project runner serving several projects is only an administrator's to remove. */
  async function remove(actor: CurrentUser, id: number): Promise<void> {
    const runner = await load(id);
    if (!actor.admin) {
      if ((await runnerProjectIds(db, id)).length > 1) throw new ForbiddenError(MORE_THAN_ONE_PROJECT);
      if (!(await canManage(actor, runner))) throw new ForbiddenError(NO_ACCESS);
    }
    await deleteRunner(db, id);
  }

  /** `GET /projects/:id/runners`: the runners the project may use, for its Maintainers. */
  async function listForProject(actor: CurrentUser, ref: string, filters: RunnerListQuery, page: Page) {
    const ctx = await projects.loadProject(actor, ref, 'admin_project');
    return filterPage(await runnersOfProject(db, ctx.project.id, ctx.namespace.fullPath), filters, page);
  }

  /** `GET /groups/:id/runners`: the group's runners, for its Owners. */
  async function listForGroup(actor: CurrentUser, ref: string, filters: RunnerListQuery, page: Page) {
    const group = await groups.loadGroup(actor, ref);
    if (!can(actor, 'create_runner', groupSubject(group))) throw new ForbiddenError();
    return filterPage(await runnersOfGroup(db, group.group.id), filters, page);
  }

  /** `POST /projects/:id/runners`: a project runner the actor manages serves this project too. */
  async function enable(actor: CurrentUser, ref: string, runnerId: number) {
    const ctx = await projects.loadProject(actor, ref, 'admin_project');
    const runner = await load(runnerId);
    if (runner.runnerType === 'group_type')
      throw new ForbiddenError('403 Forbidden - Runner is a group runner');
    if (!actor.admin) {
      if (runner.locked) throw new ForbiddenError('403 Forbidden - Runner is locked');
      if (runner.runnerType !== 'project_type' || !(await canManage(actor, runner)))
        throw new ForbiddenError(NO_ACCESS);
    }
    if (runner.runnerType !== 'project_type')
      throw new BadRequestError('400 Bad request - Runner is not a project runner');
    if ((await runnerProjectIds(db, runnerId)).includes(ctx.project.id))
      throw new BadRequestError('400 Bad request - Runner projects runner has already been taken');
    await assignRunner(db, runnerId, ctx.project.id);
    return presentRunner(runner, clock.now());
  }

  /** `DELETE /projects/:id/runners/:runner_id`: never the last project of a runner (remove the runner). */
  async function disable(actor: CurrentUser, ref: string, runnerId: number): Promise<void> {
    const ctx = await projects.loadProject(actor, ref, 'admin_project');
    await load(runnerId);
    const projectIds = await runnerProjectIds(db, runnerId);
    if (!projectIds.includes(ctx.project.id)) throw new NotFoundError('Runner');
    if (projectIds.length === 1) throw new ForbiddenError(ONLY_ONE_PROJECT);
    await unassignRunner(db, runnerId, ctx.project.id);
  }

  /**
   * A page of the runners page of the instance (administrators), a group (its Owners) or a project
   * (its Maintainers: the instance's and groups' runners it may use too, which only their own
   * managers change).
   */
  async function pageOf(
    actor: CurrentUser,
    query: RunnersPageQuery,
    page: Page,
  ): Promise<{ rows: RunnerPageRow[]; total: number; ownerId: number | null }> {
    let found: RunnerRow[];
    let ownerId: number | null = null;
    if (query.owner_type === 'instance') {
      if (!actor.admin) throw new ForbiddenError();
      found = await listRunners(db);
    } else if (query.owner === undefined) {
      throw new BadRequestError('400 Bad request - owner is missing');
    } else if (query.owner_type === 'group') {
      const group = await groups.loadGroup(actor, query.owner);
      if (!can(actor, 'create_runner', groupSubject(group))) throw new ForbiddenError();
      found = await runnersOfGroup(db, group.group.id);
      ownerId = group.group.id;
    } else {
      const ctx = await projects.loadProject(actor, query.owner, 'admin_project');
      found = await runnersOfProject(db, ctx.project.id, ctx.namespace.fullPath);
      ownerId = ctx.project.id;
    }
    const now = clock.now();
    const matching = found.filter((runner) =>
      matchesRunnerFilters(runner, { status: query.status, type: query.type }, now),
    );
    const rows: RunnerPageRow[] = [];
    for (const runner of matching.slice(page.offset, page.offset + page.limit))
      rows.push(presentRunnerPageRow(runner, now, await canManage(actor, runner)));
    return { rows, total: matching.length, ownerId };
  }

  return {
    pageOf,
    listAll,
    listOwned,
    get,
    manageable,
    update,
    remove,
    listForProject,
    listForGroup,
    enable,
    disable,
  };
}

export type RunnerManagementService = ReturnType<typeof createRunnerManagementService>;
