import { z } from 'zod';
import { ACCESS_LEVELS, VISIBILITIES } from '../../../shared/access/accessLevels';
import { pathFromName, pathMessage, pathProblem } from '../../../shared/names/paths';
import type { CurrentUser } from '../../auth/current-user';
import { can, type Action, type Actor, type Subject } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { commitFiles } from '../../git/commits';
import {
  initBareRepository,
  isValidBranchName,
  removeRepository,
  repositoryPath,
} from '../../git/repository';
import {
  deleteProject,
  findNamespaceByFullPath,
  findNamespaceById,
  findProjectByFullPath,
  findProjectById,
  groupAccessLevel,
  insertProject,
  insertProjectMember,
  insertProtectedBranch,
  namespaceAncestry,
  projectAccessLevel,
  projectPathTaken,
  type NamespaceRow,
  type ProjectRow,
} from './projects.repo';

/** A project as seen by one actor: the rows, the actor's access level, and the permission subject. */
export type ProjectContext = {
  project: ProjectRow;
  namespace: NamespaceRow;
  accessLevel: number;
  gitDir: string;
  fullPath: string;
};

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

type Deps = { db: Db; config: Pick<Config, 'repositoriesDir'>; clock: Clock };

export function createProjectsService({ db, config, clock }: Deps) {
  const gitDirOf = (projectId: number) => repositoryPath(config.repositoriesDir, projectId);

  async function contextFor(actor: Actor, found: { project: ProjectRow; namespace: NamespaceRow }) {
    const ancestry = await namespaceAncestry(db, found.namespace.id);
    const groupIds = found.namespace.kind === 'group' ? ancestry : [];
    let accessLevel = 0;
    if (actor) {
      accessLevel = await projectAccessLevel(db, actor.id, found.project, groupIds);
      // The owner of a personal namespace owns its projects.
      if (found.namespace.kind === 'user' && found.namespace.ownerId === actor.id)
        accessLevel = ACCESS_LEVELS.owner;
    }
    return {
      ...found,
      accessLevel,
      gitDir: gitDirOf(found.project.id),
      fullPath: `${found.namespace.fullPath}/${found.project.path}`,
    };
  }

  /**
   * Finds a project by id or full path for an actor. A project the actor may not read is "not
   * found" (never 403, which would confirm it exists); one they can read but not act on is 403.
   */
  async function loadProject(actor: Actor, ref: number | string, action: Action = 'read_project') {
    const found =
      typeof ref === 'number' || /^\d+$/.test(ref)
        ? await findProjectById(db, Number(ref))
        : await findProjectByFullPath(db, ref);
    if (!found) throw new NotFoundError('Project');
    const ctx = await contextFor(actor, found);
    if (!can(actor, 'read_project', projectSubject(ctx))) throw new NotFoundError('Project');
    if (action !== 'read_project' && !can(actor, action, projectSubject(ctx))) throw new ForbiddenError();
    return ctx;
  }

  async function resolveTargetNamespace(actor: CurrentUser, namespaceId: number | undefined) {
    if (namespaceId === undefined) return findOwnNamespace(actor);
    const namespace = await findNamespaceById(db, namespaceId);
    if (!namespace) throw new NotFoundError('Namespace');
    if (namespace.kind === 'user') {
      if (namespace.ownerId !== actor.id && !actor.admin) throw new ForbiddenError();
      return namespace;
    }
    const level = await groupAccessLevel(db, actor.id, await namespaceAncestry(db, namespace.id));
    const subject = { type: 'group' as const, visibility: namespace.visibility, accessLevel: level };
    if (!can(actor, 'read_group', subject)) throw new NotFoundError('Namespace');
    if (!can(actor, 'create_project_in_group', subject)) throw new ForbiddenError();
    return namespace;
  }

  async function findOwnNamespace(actor: CurrentUser) {
    const namespace = await findNamespaceByFullPath(db, actor.username);
    if (!namespace) throw new NotFoundError('Namespace');
    return namespace;
  }

  /** Creates the project row, its owner membership, the protected default branch and the bare repository. */
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

    const project = await db.transaction(async (tx) => {
      if (await projectPathTaken(tx, namespace.id, path))
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
      if (namespace.kind === 'user') await insertProjectMember(tx, row.id, actor.id, ACCESS_LEVELS.owner);
      else await insertProjectMember(tx, row.id, actor.id, ACCESS_LEVELS.maintainer);
      await insertProtectedBranch(tx, row.id, parsed.default_branch);
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

  return { loadProject, createProject, gitDirOf };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
