import type { Visibility } from '../../../shared/access/accessLevels';
import type { CreateGroupBody, ListGroupsFilters, UpdateGroupBody } from '../../../shared/api/groups';
import { MAX_GROUP_DEPTH } from '../../../shared/names/paths';
import { exceedsVisibility, visibilityNotAllowedMessage } from '../../../shared/access/accessLevels';
import { pathMessage, pathProblem } from '../../../shared/names/paths';
import type { CurrentUser } from '../../auth/current-user';
import { can, type Action, type Actor, type Subject } from '../../auth/permissions';
import type { Db } from '../../db/client';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { createHooks } from '../../hooks';
import type { NamespaceRow, NamespacesService } from '../namespaces/namespaces.service';
import type { ProjectListOptions, ProjectsService } from '../projects/projects.service';
import {
  findGroup,
  listCreatableNamespaces,
  listGroups as listGroupRows,
  subgroupVisibilities,
} from './groups.repo';

/** A group as seen by one actor. */
export type GroupContext = {
  group: NamespaceRow;
  /** `Parent / Child`. */
  fullName: string;
  /** The actor's highest membership in the group or its ancestors; 0 when none. */
  accessLevel: number;
};

export const groupSubject = (ctx: GroupContext): Extract<Subject, { type: 'group' }> => ({
  type: 'group',
  visibility: ctx.group.visibility,
  accessLevel: ctx.accessLevel,
});

type Page = { offset: number; limit: number };

/** A group just written, in its transaction: what other features add to it (its Owner). */
export type GroupCreated = { group: NamespaceRow; creatorId: number };

type Deps = {
  db: Db;
  projects: Pick<ProjectsService, 'listProjects' | 'pathTaken' | 'visibilitiesIn'>;
  namespaces: Pick<NamespacesService, 'find' | 'groupAccessLevelOf' | 'pathTaken' | 'createGroup' | 'update'>;
};

export function createGroupsService({ db, projects, namespaces }: Deps) {
  const created = createHooks<[tx: Db, created: GroupCreated]>();

  /**
   * Finds a group by id or full path. A group the actor may not see is "not found"; one they see
   * but may not act on is 403.
   */
  async function loadGroup(actor: Actor, ref: number | string, action: Action = 'read_group') {
    const found = await findGroup(db, typeof ref === 'number' || /^\d+$/.test(ref) ? Number(ref) : ref);
    if (!found) throw new NotFoundError('Group');
    const accessLevel = actor ? await namespaces.groupAccessLevelOf(actor.id, found.group.id) : 0;
    const ctx: GroupContext = { ...found, accessLevel };
    if (!can(actor, 'read_group', groupSubject(ctx))) throw new NotFoundError('Group');
    if (action !== 'read_group' && !can(actor, action, groupSubject(ctx))) throw new ForbiddenError();
    return ctx;
  }

  /** Any signed-in user may found a top-level group; a subgroup needs Maintainer or more in its parent. */
  async function createGroup(actor: CurrentUser, input: CreateGroupBody): Promise<GroupContext> {
    if (!can(actor, 'create_group', { type: 'instance' })) throw new ForbiddenError();
    const parent =
      input.parent_id === undefined ? null : await loadGroup(actor, input.parent_id, 'create_subgroup');
    const problem = pathProblem(input.path, { topLevel: parent === null });
    if (problem) throw new BadRequestError(`Path ${pathMessage(problem)}`);
    const visibility = input.visibility ?? 'private';
    if (parent) {
      if (parent.group.fullPath.split('/').length >= MAX_GROUP_DEPTH)
        throw new BadRequestError(`Groups can be nested at most ${MAX_GROUP_DEPTH} levels deep`);
      if (exceedsVisibility(visibility, parent.group.visibility))
        throw new BadRequestError(visibilityNotAllowedMessage(visibility, parent.group.visibility));
    }
    const fullPath = parent ? `${parent.group.fullPath}/${input.path}` : input.path;
    const group = await db.transaction(async (tx) => {
      const taken =
        (await namespaces.pathTaken(fullPath, tx)) ||
        (parent !== null && (await projects.pathTaken(parent.group.id, input.path, tx)));
      if (taken) throw new ConflictError('Path has already been taken');
      const row = await namespaces.createGroup(
        {
          name: input.name,
          path: input.path,
          fullPath,
          parentId: parent?.group.id ?? null,
          visibility,
          description: input.description ?? '',
        },
        tx,
      );
      // The members feature makes the creator an Owner, in this transaction.
      await created.run(tx, { group: row, creatorId: actor.id });
      return row;
    });
    return loadGroup(actor, group.id);
  }

  async function listGroups(actor: Actor, filters: Partial<ListGroupsFilters> & { page: Page }) {
    const { rows, total } = await listGroupRows(
      db,
      {
        actor,
        search: filters.search,
        owned: filters.owned,
        minAccessLevel: filters.min_access_level,
        topLevelOnly: filters.top_level_only,
        orderBy: filters.order_by ?? 'name',
        sort: filters.sort ?? 'asc',
      },
      filters.page,
    );
    return { groups: rows, total };
  }

  /** Direct subgroups the actor may see. */
  async function listSubgroups(actor: Actor, ref: number | string, page: Page) {
    const parent = await loadGroup(actor, ref);
    const { rows, total } = await listGroupRows(
      db,
      { actor, parentId: parent.group.id, orderBy: 'name', sort: 'asc' },
      page,
    );
    return { groups: rows, total };
  }

  async function listGroupProjects(
    actor: Actor,
    ref: number | string,
    options: ProjectListOptions & { include_subgroups?: boolean },
  ) {
    const { group } = await loadGroup(actor, ref);
    return projects.listProjects(actor, options, {
      group: { id: group.id, fullPath: group.fullPath, includeSubgroups: options.include_subgroups ?? false },
    });
  }

  /** Owners edit; a group stays no more visible than its parent and no less than what it holds. */
  async function updateGroup(actor: Actor, ref: number | string, input: UpdateGroupBody) {
    const ctx = await loadGroup(actor, ref, 'admin_group');
    if (input.visibility) await checkVisibilityChange(ctx.group, input.visibility);
    await namespaces.update(ctx.group.id, {
      name: input.name,
      description: input.description,
      visibility: input.visibility,
    });
    return loadGroup(actor, ctx.group.id);
  }

  async function checkVisibilityChange(group: NamespaceRow, visibility: Visibility) {
    if (group.parentId !== null) {
      const parent = await findGroup(db, group.parentId);
      if (parent && exceedsVisibility(visibility, parent.group.visibility))
        throw new BadRequestError(visibilityNotAllowedMessage(visibility, parent.group.visibility));
    }
    if ((await projects.visibilitiesIn(group.id)).some((v) => exceedsVisibility(v, visibility)))
      throw new BadRequestError(
        `Visibility level ${visibility} is not allowed since this group contains projects with higher visibility.`,
      );
    if ((await subgroupVisibilities(db, group.id)).some((v) => exceedsVisibility(v, visibility)))
      throw new BadRequestError(
        `Visibility level ${visibility} is not allowed since there are subgroups with higher visibility.`,
      );
  }

  /** `GET /namespaces`: where the actor may create projects. */
  async function listNamespaces(actor: CurrentUser, search: string | undefined, page: Page) {
    return listCreatableNamespaces(db, actor, search, page);
  }

  /** `GET /namespaces/:id`: a user's namespace, or a group the actor may see. */
  async function findNamespace(actor: CurrentUser, ref: string): Promise<NamespaceRow> {
    const namespace = await namespaces.find(/^\d+$/.test(ref) ? Number(ref) : ref);
    if (!namespace) throw new NotFoundError('Namespace');
    if (namespace.kind === 'group') {
      const level = await namespaces.groupAccessLevelOf(actor.id, namespace.id);
      const subject = { type: 'group' as const, visibility: namespace.visibility, accessLevel: level };
      if (!can(actor, 'read_group', subject)) throw new NotFoundError('Namespace');
    }
    return namespace;
  }

  return {
    /** Adds a step to every group's creation, run in its transaction. */
    onCreated: created.add,
    loadGroup,
    createGroup,
    listGroups,
    listSubgroups,
    listGroupProjects,
    updateGroup,
    listNamespaces,
    findNamespace,
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
