import { z } from 'zod';
import { ACCESS_LEVELS, VISIBILITIES, type Visibility } from '../../../shared/access/accessLevels';
import type { ListProjectsFilters, UpdateProjectBody } from '../../../shared/api/projects';
import { exceedsVisibility, visibilityNotAllowedMessage } from '../../../shared/access/accessLevels';
import { pathFromName, pathMessage, pathProblem } from '../../../shared/names/paths';
import type { CurrentUser } from '../../auth/current-user';
import { can, type Action, type Actor, type Subject } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationFailedError,
} from '../../errors';
import { commitFiles } from '../../git/commits';
import {
  branchRef,
  initBareRepository,
  isEmptyRepository,
  isValidBranchName,
  removeRepository,
  repositoryPath,
  resolveCommit,
  setHead,
} from '../../git/repository';
import { listTree } from '../../git/tree';
import type { NamespaceRow, NamespacesService } from '../namespaces/namespaces.service';
import type { UsersService } from '../users/users.service';
import {
  deleteProject,
  findProjectForUser,
  findProjectsByFullPaths,
  insertProject,
  nextInternalId,
  type InternalIdUsage,
  listProjects as listProjectRows,
  listProjectIds,
  projectAccessBreakdown,
  projectAccessLevels,
  projectPathTaken,
  projectVisibilitiesIn,
  touchProjectActivity,
  updateProject as updateProjectRow,
  type ProjectListFilter,
  type ProjectRow,
  type ProjectForUser,
} from './projects.repo';
import type { EventBus } from '../../realtime/bus';
import { titleRegexProblem } from '../../../shared/merge-checks/titleRegex';
import { ciSettingsProblems } from '../../../shared/ci/settings/projectCiSettings';
import { batchedLookup } from '../../batched-lookup';
import { createHooks } from '../../hooks';

/** A project as seen by one actor: the rows, the actor's access level, and the permission subject. */
export type ProjectContext = {
  project: ProjectRow;
  namespace: NamespaceRow;
  accessLevel: number;
  gitDir: string;
  fullPath: string;
};

/** A project's context before a viewer is known: what every viewer shares. */
type SharedContext = Omit<ProjectContext, 'accessLevel'> & { groupIds: number[] };

/** Each viewer's context of one project, or null where they may not read it. */
export type ViewerContexts = (actor: Actor) => Promise<ProjectContext | null>;

export const projectSubject = (ctx: ProjectContext): Extract<Subject, { type: 'project' }> => ({
  type: 'project',
  visibility: ctx.project.visibility,
  archived: ctx.project.archived,
  accessLevel: ctx.accessLevel,
});

export const createProjectInput = z.object({
  name: z.string().trim().min(1).max(255).optional(),
  path: z.string().trim().min(1).max(255).optional(),
  namespace_id: z.coerce.number().int().positive().optional(),
  description: z.string().max(2000).default(''),
  visibility: z.enum(VISIBILITIES).default('private'),
  initialize_with_readme: z.boolean().default(false),
  default_branch: z.string().min(1).max(255).default('main'),
});
export type CreateProjectInput = z.input<typeof createProjectInput>;

/** A project with what its API representation needs beyond the rows. */
export type ProjectView = {
  project: ProjectRow;
  namespace: NamespaceRow;
  /** `Group / Subgroup`, for `name_with_namespace`. */
  namespaceFullName: string;
  fullPath: string;
  /** Levels as GitLab's `permissions` shows them, 0 when none. */
  projectAccess: number;
  groupAccess: number;
  emptyRepo: boolean;
  /** The README at the root of the default branch, for `readme_url`. */
  readmePath: string | null;
};

export type ProjectListOptions = Partial<Omit<ListProjectsFilters, 'simple'>> & {
  page: { offset: number; limit: number };
};

const README_RE = /^readme(\.(md|markdown|txt|rst|adoc))?$/i;

/**
 * What the API shows of a repository: whether it has any branch, and its README if it has one.
 * One git call when the default branch exists (the common case); lists make one per project.
 */
async function repositoryFacts(gitDir: string, defaultBranch: string) {
  const entries = await listTree(gitDir, branchRef(defaultBranch), '');
  if (entries === null) return { emptyRepo: await isEmptyRepository(gitDir), readmePath: null };
  const readmes = entries.filter((entry) => entry.type === 'blob' && README_RE.test(entry.name));
  const readme = readmes.find((entry) => entry.name === 'README.md') ?? readmes[0];
  return { emptyRepo: false, readmePath: readme?.path ?? null };
}

function visibilityProblem(visibility: Visibility, namespace: NamespaceRow): string | null {
  if (namespace.kind !== 'group' || !exceedsVisibility(visibility, namespace.visibility)) return null;
  return visibilityNotAllowedMessage(visibility, namespace.visibility);
}

/** A blank template clears it (GitLab's default message again); undefined leaves it as it is. */
const templateOf = (template: string | null | undefined): string | null | undefined =>
  template === undefined ? undefined : template?.trim() ? template : null;

/** A project just written, in its transaction: what other features add to it. */
export type ProjectCreated = { project: ProjectRow; namespace: NamespaceRow; creatorId: number };

type Deps = {
  db: Db;
  config: Pick<Config, 'repositoriesDir'>;
  clock: Clock;
  bus: EventBus;
  users: Pick<UsersService, 'getUser'>;
  namespaces: Pick<
    NamespacesService,
    'find' | 'findPersonal' | 'groupAccessLevelOf' | 'pathTaken' | 'fullName'
  >;
};

export function createProjectsService({ db, config, clock, bus, users, namespaces }: Deps) {
  const created = createHooks<[tx: Db, created: ProjectCreated]>();
  const removed = createHooks<[projectId: number]>();
  const gitDirOf = (projectId: number) => repositoryPath(config.repositoriesDir, projectId);

  /** What a project's context holds for every viewer: its rows, path, repository and groups. */
  function sharedContext({ project, namespace, groupIds }: ProjectForUser): SharedContext {
    return {
      project,
      namespace,
      groupIds,
      gitDir: gitDirOf(project.id),
      fullPath: `${namespace.fullPath}/${project.path}`,
    };
  }

  /** The viewer's context from the shared one and their membership level (0: none). */
  function viewerContext({ groupIds: _, ...shared }: SharedContext, actor: Actor, memberLevel: number) {
    // The owner of a personal namespace owns its projects.
    const owns = actor !== null && shared.namespace.kind === 'user' && shared.namespace.ownerId === actor.id;
    return { ...shared, accessLevel: owns ? ACCESS_LEVELS.owner : actor ? memberLevel : 0 };
  }

  /**
   * A project to be shown to many viewers at once (a live event reaching every subscriber): its
   * rows and groups are read once, and the access levels of the viewers who ask within the same
   * turn of the event loop in one statement. Each viewer gets their context, or null where they
   * may not read the project; null overall when the project is gone.
   */
  async function projectForViewers(projectId: number): Promise<ViewerContexts | null> {
    const found = await findProjectForUser(db, { id: projectId }, null);
    if (!found) return null;
    const shared = sharedContext(found);
    const levelOf = batchedLookup((userIds: number[]) =>
      projectAccessLevels(db, userIds, projectId, shared.groupIds),
    );
    return async (actor) => {
      const ctx = viewerContext(shared, actor, actor ? ((await levelOf(actor.id)) ?? 0) : 0);
      return can(actor, 'read_project', projectSubject(ctx)) ? ctx : null;
    };
  }

  /**
   * Finds a project by id or full path for an actor. A project the actor may not read is "not
   * found" (never 403, which would confirm it exists); one they can read but not act on is 403.
   */
  async function loadProject(actor: Actor, ref: number | string, action: Action = 'read_project') {
    const byId = typeof ref === 'number' || /^\d+$/.test(ref);
    const found = await findProjectForUser(
      db,
      byId ? { id: Number(ref) } : { fullPath: ref },
      actor?.id ?? null,
    );
    if (!found) throw new NotFoundError('Project');
    const ctx = viewerContext(sharedContext(found), actor, found.memberLevel);
    if (!can(actor, 'read_project', projectSubject(ctx))) throw new NotFoundError('Project');
    if (action !== 'read_project' && !can(actor, action, projectSubject(ctx))) throw new ForbiddenError();
    return ctx;
  }

  /**
   * A project's context for work no viewer asks for (a runner taking one of its jobs): its rows,
   * path and repository, with no one's access level. Null when the project is gone. Read `within`
   * a transaction when given (a hook of one).
   */
  async function systemContext(projectId: number, within: Db = db): Promise<ProjectContext | null> {
    const found = await findProjectForUser(within, { id: projectId }, null);
    return found ? viewerContext(sharedContext(found), null, 0) : null;
  }

  async function resolveTargetNamespace(actor: CurrentUser, namespaceId: number | undefined) {
    if (namespaceId === undefined) return findOwnNamespace(actor);
    const namespace = await namespaces.find(namespaceId);
    if (!namespace) throw new NotFoundError('Namespace');
    if (namespace.kind === 'user') {
      if (namespace.ownerId !== actor.id && !actor.admin) throw new ForbiddenError();
      return namespace;
    }
    const level = await namespaces.groupAccessLevelOf(actor.id, namespace.id);
    const subject = { type: 'group' as const, visibility: namespace.visibility, accessLevel: level };
    if (!can(actor, 'read_group', subject)) throw new NotFoundError('Namespace');
    if (!can(actor, 'create_project_in_group', subject)) throw new ForbiddenError();
    return namespace;
  }

  async function findOwnNamespace(actor: CurrentUser) {
    const namespace = await namespaces.find(actor.username);
    if (!namespace) throw new NotFoundError('Namespace');
    return namespace;
  }

  /** Creates the project row, its creator's membership, the protected default branch and the bare repository. */
  async function createProject(actor: CurrentUser, input: CreateProjectInput): Promise<ProjectContext> {
    const parsed = createProjectInput.parse(input);
    const name = parsed.name ?? parsed.path;
    if (!name) throw new BadRequestError('name or path is missing');
    const path = parsed.path ?? pathFromName(name);
    const problem = pathProblem(path, { topLevel: false });
    if (problem) throw new BadRequestError(`Path ${pathMessage(problem)}`);
    if (!(await isValidBranchName(parsed.default_branch)))
      throw new BadRequestError('default_branch is invalid');
    const namespace = await resolveTargetNamespace(actor, parsed.namespace_id);
    const visibilityError = visibilityProblem(parsed.visibility, namespace);
    if (visibilityError) throw new BadRequestError(visibilityError);

    const project = await db.transaction(async (tx) => {
      if (
        (await projectPathTaken(tx, namespace.id, path)) ||
        (await namespaces.pathTaken(`${namespace.fullPath}/${path}`, tx))
      )
        throw new ConflictError('Path has already been taken');
      const row = await insertProject(tx, {
        namespaceId: namespace.id,
        name,
        path,
        description: parsed.description,
        visibility: parsed.visibility,
        defaultBranch: parsed.default_branch,
        creatorId: actor.id,
      });
      // The members feature adds the creator, the protected branches feature protects the default branch.
      await created.run(tx, { project: row, namespace, creatorId: actor.id });
      return row;
    });

    const gitDir = gitDirOf(project.id);
    try {
      await initBareRepository(gitDir, parsed.default_branch);
      if (parsed.initialize_with_readme) {
        await commitFiles(gitDir, {
          branch: parsed.default_branch,
          message: 'Initial commit',
          author: { name: actor.name, email: actor.email, date: clock.now() },
          changes: [{ action: 'create', path: 'README.md', content: `# ${name}\n\n${parsed.description}\n` }],
        });
      }
    } catch (error) {
      // No project without its repository: undo the rows if git failed.
      await removeRepository(gitDir);
      await deleteProject(db, project.id);
      throw error;
    }
    return loadProject(actor, project.id);
  }

  async function describe(actor: Actor, ctx: ProjectContext): Promise<ProjectView> {
    const access = actor
      ? await projectAccessBreakdown(db, actor.id, ctx.project.id)
      : { projectAccess: 0, groupAccess: 0 };
    return {
      project: ctx.project,
      namespace: ctx.namespace,
      namespaceFullName: await namespaces.fullName(ctx.namespace.id),
      fullPath: ctx.fullPath,
      ...access,
      ...(await repositoryFacts(ctx.gitDir, ctx.project.defaultBranch)),
    };
  }

  /** `GET /projects/:id`: the project and the actor's access, or 404 for those who may not read it. */
  async function showProject(actor: Actor, ref: number | string): Promise<ProjectView> {
    return describe(actor, await loadProject(actor, ref));
  }

  async function createProjectView(actor: CurrentUser, input: CreateProjectInput): Promise<ProjectView> {
    return describe(actor, await createProject(actor, input));
  }

  /** `POST /projects/user/:user_id`: an administrator creates a project in another user's namespace. */
  async function createProjectForUser(actor: CurrentUser, userId: number, input: CreateProjectInput) {
    if (!can(actor, 'admin_instance', { type: 'instance' })) throw new ForbiddenError();
    const { user } = await users.getUser(userId);
    const { namespace_id: _ignored, ...rest } = input;
    return describe(actor, await createProject(user, rest));
  }

  /** `GET /users/:user_id/projects`: the projects in a user's personal namespace that the actor may see. */
  async function listUserProjects(actor: Actor, userRef: string, options: ProjectListOptions) {
    const namespace = await namespaces.findPersonal(/^\d+$/.test(userRef) ? Number(userRef) : userRef);
    if (!namespace) throw new NotFoundError('User');
    return { namespace, ...(await listProjects(actor, options, { namespaceId: namespace.id })) };
  }

  /** Lists the projects the actor may see; `scope` narrows to one namespace or group. */
  async function listProjects(
    actor: Actor,
    options: ProjectListOptions,
    scope: Pick<ProjectListFilter, 'namespaceId' | 'group'> = {},
  ): Promise<{ views: ProjectView[]; total: number }> {
    const { rows, total } = await listProjectRows(
      db,
      {
        actor,
        membership: options.membership,
        owned: options.owned,
        search: options.search,
        visibility: options.visibility,
        archived: options.archived,
        orderBy: options.order_by ?? 'created_at',
        sort: options.sort ?? 'desc',
        ...scope,
      },
      options.page,
    );
    // A few git calls per project, at most a page (100) of them, run side by side.
    const views = await Promise.all(
      rows.map(async (row) => ({
        project: row.project,
        namespace: row.namespace,
        namespaceFullName: row.namespaceFullName,
        fullPath: `${row.namespace.fullPath}/${row.project.path}`,
        projectAccess: row.projectAccess,
        groupAccess: row.groupAccess,
        ...(await repositoryFacts(gitDirOf(row.project.id), row.project.defaultBranch)),
      })),
    );
    return { views, total };
  }

  /** The ids of the projects in a group and its subgroups that the actor may see. */
  const readableProjectIdsIn = (actor: Actor, group: { id: number; fullPath: string }) =>
    listProjectIds(db, { actor, group: { ...group, includeSubgroups: true } });

  /** `PUT /projects/:id`: Maintainers edit; a new default branch must exist in the repository. */
  async function updateProject(actor: Actor, ref: number | string, input: UpdateProjectBody) {
    const ctx = await loadProject(actor, ref, 'admin_project');
    if (input.visibility) {
      const problem = visibilityProblem(input.visibility, ctx.namespace);
      if (problem) throw new BadRequestError(problem);
    }
    const titleRegex = templateOf(input.merge_request_title_regex);
    const titleRegexProblemText = titleRegex ? titleRegexProblem(titleRegex) : null;
    if (titleRegexProblemText) throw new BadRequestError(titleRegexProblemText);
    const ciProblems = ciSettingsProblems(input);
    if (ciProblems) throw new ValidationFailedError(ciProblems);
    const branch = input.default_branch;
    if (branch !== undefined && branch !== ctx.project.defaultBranch) {
      const exists =
        (await isValidBranchName(branch)) && (await resolveCommit(ctx.gitDir, branchRef(branch))) !== null;
      if (!exists) throw new BadRequestError(`Could not change HEAD: branch '${branch}' does not exist`);
      await setHead(ctx.gitDir, branch);
    }
    await updateProjectRow(db, ctx.project.id, {
      name: input.name,
      description: input.description,
      visibility: input.visibility,
      defaultBranch: branch,
      mergeMethod: input.merge_method,
      squashOption: input.squash_option,
      onlyAllowMergeIfPipelineSucceeds: input.only_allow_merge_if_pipeline_succeeds,
      allowMergeOnSkippedPipeline: input.allow_merge_on_skipped_pipeline,
      onlyAllowMergeIfAllDiscussionsAreResolved: input.only_allow_merge_if_all_discussions_are_resolved,
      mergeTrainsEnabled: input.merge_trains_enabled,
      mergeTrainsSkipTrainAllowed: input.merge_trains_skip_train_allowed,
      mergePipelinesEnabled: input.merge_pipelines_enabled,
      autoCancelPendingPipelines: input.auto_cancel_pending_pipelines,
      buildTimeout: input.build_timeout,
      // GitLab drops NUL bytes; a blank path is the default file again.
      ciConfigPath: templateOf(input.ci_config_path?.replaceAll('\0', '').trim()),
      removeSourceBranchAfterMerge: input.remove_source_branch_after_merge,
      mergeCommitTemplate: templateOf(input.merge_commit_template),
      squashCommitTemplate: templateOf(input.squash_commit_template),
      mergeRequestTitleRegex: titleRegex,
      mergeRequestTitleRegexDescription: templateOf(input.merge_request_title_regex_description),
    });
    await bus.publish({ type: 'project.updated', projectId: ctx.project.id });
    return showProject(actor, ctx.project.id);
  }

  /** Archived projects are read-only: no pushes, no new merge requests, until unarchived. */
  async function setArchived(actor: Actor, ref: number | string, archived: boolean) {
    const ctx = await loadProject(actor, ref, 'admin_project');
    await updateProjectRow(db, ctx.project.id, { archived });
    await bus.publish({ type: 'project.updated', projectId: ctx.project.id });
    return showProject(actor, ctx.project.id);
  }

  /** Removes the rows first: a repository left behind by a crash is harmless, a project without one is not. */
  async function removeProject(actor: Actor, ref: number | string): Promise<void> {
    const ctx = await loadProject(actor, ref, 'remove_project');
    await deleteProject(db, ctx.project.id);
    await removeRepository(ctx.gitDir);
    await removed.run(ctx.project.id);
    // Open pages of its merge requests stop being answered from memory.
    await bus.publish({ type: 'project.updated', projectId: ctx.project.id });
  }

  /** Pushes, commits and merges count as activity (`last_activity_at`). */
  const touchActivity = (projectId: number) => touchProjectActivity(db, projectId, clock.now());

  /** Projects named in text (references), by lower-cased full path; those the actor may not read are left out. */
  async function readableByFullPaths(actor: Actor, fullPaths: readonly string[]) {
    const found = await findProjectsByFullPaths(db, fullPaths, actor?.id ?? null);
    const readable = new Map<string, ProjectContext>();
    for (const row of found) {
      const ctx: ProjectContext = {
        ...row,
        gitDir: gitDirOf(row.project.id),
        fullPath: `${row.namespace.fullPath}/${row.project.path}`,
      };
      if (can(actor, 'read_project', projectSubject(ctx))) readable.set(ctx.fullPath.toLowerCase(), ctx);
    }
    return readable;
  }

  /** Whether a project in the namespace has this path (in the caller's transaction, when given). */
  const pathTaken = (namespaceId: number, path: string, tx: Db = db) =>
    projectPathTaken(tx, namespaceId, path);

  /** The visibilities of the projects directly in a namespace: a group may not become less visible than them. */
  const visibilitiesIn = (namespaceId: number) => projectVisibilitiesIn(db, namespaceId);

  /** Takes a project's next iid for `usage` inside the caller's transaction (the counter row is locked until it ends). */
  const takeInternalId = (tx: Db, projectId: number, usage: InternalIdUsage) =>
    nextInternalId(tx, projectId, usage);

  return {
    /** Adds a step to every project's creation, run in its transaction. */
    onCreated: created.add,
    /** Adds a step to every project's removal, after its rows and repository are gone (files it kept elsewhere). */
    onRemoved: removed.add,
    takeInternalId,
    loadProject,
    projectForViewers,
    systemContext,
    readableByFullPaths,
    createProject,
    touchActivity,
    gitDirOf,
    pathTaken,
    visibilitiesIn,
    showProject,
    createProjectView,
    createProjectForUser,
    listProjects,
    readableProjectIdsIn,
    listUserProjects,
    updateProject,
    setArchived,
    removeProject,
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
