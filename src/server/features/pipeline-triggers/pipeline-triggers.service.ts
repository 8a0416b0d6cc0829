import type { z } from 'zod';
import type {
  pipelineTriggerBody,
  triggerPipelineBody,
  updatePipelineTriggerBody,
} from '../../../shared/api/pipelineTriggers';
import type { CurrentUser } from '../../auth/current-user';
import { can } from '../../auth/permissions';
import { digestToken } from '../../auth/tokens';
import type { Clock, Random } from '../../clock';
import type { Db } from '../../db/client';
import { ForbiddenError, NotFoundError, ValidationFailedError } from '../../errors';
import type { JobTokenScope } from '../job-token-scope/job-token-scope.service';
import type { JobsService } from '../pipelines/jobs.service';
import type { PipelinesService } from '../pipelines/pipelines.service';
import { projectSubject, type ProjectContext, type ProjectsService } from '../projects/projects.service';
import type { UsersService } from '../users/users.service';
import {
  deleteTrigger,
  findTriggerByDigest,
  findTriggerRecord,
  insertTrigger,
  listTriggerRecords,
  updateTrigger,
  type TriggerRecord,
} from './pipeline-triggers.repo';

type Deps = {
  db: Db;
  clock: Clock;
  random: Random;
  projects: Pick<ProjectsService, 'loadProject'>;
  users: Pick<UsersService, 'getUser'>;
  pipelines: Pick<PipelinesService, 'runOnRef'>;
  ciJobs: Pick<JobsService, 'resolveJobToken'>;
  jobTokenScope: Pick<JobTokenScope, 'assertAllows'>;
};

/** GitLab's prefix of pipeline trigger tokens. */
export const TRIGGER_TOKEN_PREFIX = 'glptt-';

/** What others see of a token: its first four characters after the prefix, as GitLab's short_token. */
const shortTokenOf = (token: string) =>
  token.slice(TRIGGER_TOKEN_PREFIX.length, TRIGGER_TOKEN_PREFIX.length + 4);

/** A trigger as presented: the token in full only in the answer that made it, to its owner. */
export type TriggerView = TriggerRecord & { token: string };

type Page = { offset: number; limit: number };

/**
 * Pipeline trigger tokens: Maintainers make and delete them, their owner renames them; a token
 * runs pipelines as its owner (source `trigger`), and a running job's CI_JOB_TOKEN as the job's
 * user (source `pipeline`). Tokens are kept as SHA-256: the full token is shown once.
 */
export function createPipelineTriggersService(deps: Deps) {
  const { db, clock, random, projects, pipelines } = deps;

  async function manageable(actor: CurrentUser, projectRef: string): Promise<ProjectContext> {
    const ctx = await projects.loadProject(actor, projectRef);
    if (!can(actor, 'admin_trigger', projectSubject(ctx))) throw new ForbiddenError();
    return ctx;
  }

  async function trigger(ctx: ProjectContext, id: number): Promise<TriggerRecord> {
    const found = await findTriggerRecord(db, ctx.project.id, id);
    if (!found) throw new NotFoundError('Trigger');
    return found;
  }

  const view = (record: TriggerRecord): TriggerView => ({ ...record, token: record.trigger.shortToken });

  async function list(actor: CurrentUser, projectRef: string, page: Page) {
    const ctx = await manageable(actor, projectRef);
    const { records, total } = await listTriggerRecords(db, ctx.project.id, page);
    return { records: records.map(view), total };
  }

  async function get(actor: CurrentUser, projectRef: string, id: number): Promise<TriggerView> {
    return view(await trigger(await manageable(actor, projectRef), id));
  }

  async function create(
    actor: CurrentUser,
    projectRef: string,
    body: z.output<typeof pipelineTriggerBody>,
  ): Promise<TriggerView> {
    const ctx = await manageable(actor, projectRef);
    if (!body.description.trim()) throw new ValidationFailedError({ description: ["can't be blank"] });
    const token = `${TRIGGER_TOKEN_PREFIX}${random.token(20)}`;
    const now = clock.now();
    const row = await insertTrigger(db, {
      projectId: ctx.project.id,
      ownerId: actor.id,
      description: body.description,
      tokenDigest: digestToken(token),
      shortToken: shortTokenOf(token),
      createdAt: now,
      updatedAt: now,
    });
    return { ...(await trigger(ctx, row.id)), token };
  }

  async function update(
    actor: CurrentUser,
    projectRef: string,
    id: number,
    body: z.output<typeof updatePipelineTriggerBody>,
  ): Promise<TriggerView> {
    const ctx = await manageable(actor, projectRef);
    const found = await trigger(ctx, id);
    // GitLab's admin_trigger: a token is its owner's to change.
    if (found.trigger.ownerId !== actor.id) throw new ForbiddenError();
    if (body.description !== undefined) {
      if (!body.description.trim()) throw new ValidationFailedError({ description: ["can't be blank"] });
      await updateTrigger(db, id, { description: body.description, updatedAt: clock.now() });
    }
    return view(await trigger(ctx, id));
  }

  async function remove(actor: CurrentUser, projectRef: string, id: number): Promise<void> {
    const ctx = await manageable(actor, projectRef);
    await deleteTrigger(db, (await trigger(ctx, id)).trigger.id);
  }

  /** Who a token runs a pipeline as, and with which source; null when it is no live token. */
  async function caller(token: string) {
    if (token.startsWith(TRIGGER_TOKEN_PREFIX)) {
      const found = await findTriggerByDigest(db, digestToken(token));
      if (!found?.ownerId) return null;
      const { user } = await deps.users.getUser(found.ownerId).catch(() => ({ user: null }));
      if (!user) return null;
      const trigger = { projectId: found.projectId, triggerId: found.id, jobProjectId: null };
      return { user, source: 'trigger' as const, ...trigger };
    }
    const job = await deps.ciJobs.resolveJobToken(token);
    if (!job) return null;
    const from = { projectId: null, triggerId: null, jobProjectId: job.projectId };
    return { user: job.user, source: 'pipeline' as const, ...from };
  }

  /**
   * `POST /projects/:id/trigger/pipeline`: a trigger token of this project runs a pipeline as its
   * owner; a running job's token as the job's user, who must be allowed to run one here.
   */
  async function runPipeline(projectRef: string, body: z.output<typeof triggerPipelineBody>) {
    const found = await caller(body.token);
    if (!found || found.user.state !== 'active') throw new NotFoundError();
    const user: CurrentUser = {
      id: found.user.id,
      username: found.user.username,
      name: found.user.name,
      email: found.user.email,
      admin: found.user.admin,
      state: found.user.state,
    };
    // Not found and not visible are one answer, so a token does not tell which projects exist.
    const ctx = await projects.loadProject(user, projectRef).catch(() => null);
    if (!ctx || (found.projectId !== null && ctx.project.id !== found.projectId)) throw new NotFoundError();
    // A job's token reaches another project only as that project's job token scope allows.
    if (found.jobProjectId !== null) await deps.jobTokenScope.assertAllows(found.jobProjectId, ctx);
    if (found.source === 'pipeline' && !can(user, 'create_pipeline', projectSubject(ctx)))
      throw new ForbiddenError();
    const variables = Object.entries(body.variables ?? {}).map(([key, value]) => ({
      key,
      value,
      variable_type: 'env_var' as const,
    }));
    if (found.triggerId !== null) await updateTrigger(db, found.triggerId, { lastUsed: clock.now() });
    const pipeline = await pipelines.runOnRef({ ctx, user, ref: body.ref, source: found.source, variables });
    return { ctx, pipeline };
  }

  return { list, get, create, update, remove, runPipeline };
}

export type PipelineTriggersService = ReturnType<typeof createPipelineTriggersService>;
