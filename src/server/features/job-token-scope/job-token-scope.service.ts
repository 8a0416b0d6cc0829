import type { CurrentUser } from '../../auth/current-user';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../errors';
import type { ProjectContext, ProjectsService, ProjectView } from '../projects/projects.service';
import {
  deleteLink,
  findInboundEnabled,
  insertLink,
  isAllowlisted,
  listAllowlist,
  saveInboundEnabled,
} from './job-token-scope.repo';

type Deps = {
  db: Db;
  clock: Clock;
  projects: Pick<ProjectsService, 'loadProject' | 'systemContext' | 'showProject'>;
};

/** GitLab's words when a job token reaches a project whose allowlist does not name the job's project. */
export const jobTokenNotAllowed = (source: string, target: string) =>
  `Authentication by CI/CD job token not allowed from ${source} to ${target}.`;

export const ALREADY_ALLOWLISTED = 'Target project is already in the job token scope';

/**
 * The CI job token's inbound scope (GitLab's "Limit access to this project"): which projects' job
 * tokens may reach a project. A job's own project is always in reach; another only when the
 * target turned the limit off or put the job's project on its allowlist. Maintainers manage it.
 */
export function createJobTokenScope({ db, clock, projects }: Deps) {
  /** Whether a job of `sourceProjectId` may reach `targetProjectId` with its token. */
  async function allows(sourceProjectId: number, targetProjectId: number): Promise<boolean> {
    if (sourceProjectId === targetProjectId) return true;
    if (!(await findInboundEnabled(db, targetProjectId))) return true;
    return isAllowlisted(db, targetProjectId, sourceProjectId);
  }

  /** Throws GitLab's 403 when the job's token may not reach `target`. */
  async function assertAllows(sourceProjectId: number, target: ProjectContext): Promise<void> {
    if (await allows(sourceProjectId, target.project.id)) return;
    const source = await projects.systemContext(sourceProjectId);
    throw new ForbiddenError(jobTokenNotAllowed(source?.project.path ?? '', target.project.path));
  }

  const maintained = (actor: CurrentUser, projectRef: string) =>
    projects.loadProject(actor, projectRef, 'admin_project');

  async function settings(actor: CurrentUser, projectRef: string) {
    const ctx = await maintained(actor, projectRef);
    return { inbound_enabled: await findInboundEnabled(db, ctx.project.id), outbound_enabled: false };
  }

  async function setInboundEnabled(actor: CurrentUser, projectRef: string, enabled: boolean): Promise<void> {
    const ctx = await maintained(actor, projectRef);
    await saveInboundEnabled(db, ctx.project.id, enabled, clock.now());
  }

  async function allowlist(
    actor: CurrentUser,
    projectRef: string,
    page: { offset: number; limit: number },
  ): Promise<{ views: ProjectView[]; total: number }> {
    const ctx = await maintained(actor, projectRef);
    const { projectIds, total } = await listAllowlist(db, ctx.project.id, page);
    const views: ProjectView[] = [];
    for (const id of projectIds) {
      // Projects the maintainer cannot read stay on the list but unnamed to them.
      const view = await projects.showProject(actor, id).catch(() => null);
      if (view) views.push(view);
    }
    return { views, total };
  }

  /** `POST .../allowlist`: the project whose job tokens may come in must be one the actor can read. */
  async function addToAllowlist(actor: CurrentUser, projectRef: string, targetProjectId: number) {
    const ctx = await maintained(actor, projectRef);
    let source: ProjectContext;
    try {
      source = await projects.loadProject(actor, targetProjectId);
    } catch (error) {
      if (error instanceof NotFoundError) throw new NotFoundError('Project');
      throw error;
    }
    const added = await insertLink(db, {
      targetProjectId: ctx.project.id,
      sourceProjectId: source.project.id,
      addedById: actor.id,
    });
    if (!added) throw new BadRequestError(`400 Bad request - ${ALREADY_ALLOWLISTED}`);
    return { source_project_id: ctx.project.id, target_project_id: source.project.id };
  }

  async function removeFromAllowlist(actor: CurrentUser, projectRef: string, targetProjectId: number) {
    const ctx = await maintained(actor, projectRef);
    if (!(await deleteLink(db, ctx.project.id, targetProjectId))) throw new NotFoundError();
  }

  return {
    allows,
    assertAllows,
    settings,
    setInboundEnabled,
    allowlist,
    addToAllowlist,
    removeFromAllowlist,
  };
}

export type JobTokenScope = ReturnType<typeof createJobTokenScope>;
