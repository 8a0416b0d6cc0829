import type { z } from 'zod';
import type {
  createPipelineScheduleBody,
  createScheduleVariableBody,
  updatePipelineScheduleBody,
  updateScheduleVariableBody,
} from '../../../shared/api/pipelineSchedules';
import { isValidTimeZone, parseCron } from '../../../shared/ci/schedule/cron';
import { INSTANCE_TIME_ZONE, scheduleNextRunAt } from '../../../shared/ci/schedule/scheduleNextRun';
import type { CurrentUser } from '../../auth/current-user';
import { can, type Action } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ForbiddenError, NotFoundError, ValidationFailedError } from '../../errors';
import { INSUFFICIENT_PERMISSIONS_TO_CREATE, type PipelinesService } from '../pipelines/pipelines.service';
import type { ProjectContext, ProjectsService } from '../projects/projects.service';
import {
  deleteSchedule,
  deleteScheduleVariable,
  findScheduleRecord,
  findScheduleVariable,
  insertSchedule,
  insertScheduleVariable,
  listScheduleRecords,
  listScheduleVariables,
  updateSchedule,
  updateScheduleVariable,
  type ScheduleRecord,
} from './pipeline-schedules.repo';

type Deps = {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'pipelineScheduleWorkerCron'>;
  projects: Pick<ProjectsService, 'loadProject'>;
  pipelines: Pick<PipelinesService, 'runOnRef' | 'listOfSchedule'>;
};

type Page = { offset: number; limit: number };

/** GitLab's words for a cron rule or time zone it cannot read. */
export const INVALID_SYNTAX = ' is invalid syntax';
export const BLANK = "can't be blank";

const scheduleSubject = (ctx: ProjectContext, record: ScheduleRecord) => ({
  type: 'pipeline_schedule' as const,
  visibility: ctx.project.visibility,
  archived: ctx.project.archived,
  accessLevel: ctx.accessLevel,
  ownerId: record.schedule.ownerId,
});

/** The errors of a schedule's fields, by attribute, as GitLab's model validations word them. */
function scheduleErrors(fields: { description: string; ref: string; cron: string; cronTimezone: string }) {
  const errors: Record<string, string[]> = {};
  if (!fields.description.trim()) errors.description = [BLANK];
  if (!fields.ref.trim()) errors.ref = [BLANK];
  if (!parseCron(fields.cron)) errors.cron = [INVALID_SYNTAX];
  if (!isValidTimeZone(fields.cronTimezone)) errors.cron_timezone = [INVALID_SYNTAX];
  return errors;
}

const isRefused = (error: unknown) =>
  error instanceof ValidationFailedError &&
  JSON.stringify(error.details) === JSON.stringify({ base: [INSUFFICIENT_PERMISSIONS_TO_CREATE] });

/**
 * Pipeline schedules of a project: Developers list and make them, a schedule's owner edits,
 * plays and deletes it, Maintainers delete any and take another's over. `next_run_at` follows the
 * cron rule in the schedule's time zone (IANA or Rails names), rounded to the schedule worker's
 * runs as GitLab rounds it (src/shared/ci/schedule/scheduleNextRun.ts).
 */
export function createPipelineSchedulesService({ db, clock, config, projects, pipelines }: Deps) {
  // next_run_at is when this instance's schedule worker will start the schedule.
  const worker = { cron: config.pipelineScheduleWorkerCron, timeZone: INSTANCE_TIME_ZONE };
  async function project(actor: CurrentUser, projectRef: string, action: Action): Promise<ProjectContext> {
    return projects.loadProject(actor, projectRef, action);
  }

  async function schedule(ctx: ProjectContext, id: number, actor: CurrentUser, action?: Action) {
    const record = await findScheduleRecord(db, ctx.project.id, id);
    if (!record) throw new NotFoundError('Pipeline Schedule');
    if (action && !can(actor, action, scheduleSubject(ctx, record))) throw new ForbiddenError();
    return record;
  }

  async function details(ctx: ProjectContext, record: ScheduleRecord) {
    const [variables, last] = await Promise.all([
      listScheduleVariables(db, record.schedule.id),
      pipelines.listOfSchedule(ctx, record.schedule.id, { offset: 0, limit: 1 }),
    ]);
    return { ...record, variables, lastPipeline: last.records[0]?.pipeline ?? null };
  }

  async function list(
    actor: CurrentUser,
    projectRef: string,
    scope: 'active' | 'inactive' | undefined,
    page: Page,
  ) {
    const ctx = await project(actor, projectRef, 'read_pipeline_schedule');
    const active = scope === undefined ? undefined : scope === 'active';
    return { ctx, ...(await listScheduleRecords(db, ctx.project.id, active, page)) };
  }

  async function get(actor: CurrentUser, projectRef: string, id: number) {
    const ctx = await project(actor, projectRef, 'read_pipeline_schedule');
    return { ctx, schedule: await details(ctx, await schedule(ctx, id, actor)) };
  }

  async function create(
    actor: CurrentUser,
    projectRef: string,
    body: z.output<typeof createPipelineScheduleBody>,
  ) {
    const ctx = await project(actor, projectRef, 'create_pipeline_schedule');
    const fields = { ...body, cronTimezone: body.cron_timezone ?? 'UTC' };
    const errors = scheduleErrors(fields);
    if (Object.keys(errors).length > 0) throw new ValidationFailedError(errors);
    const now = clock.now();
    const row = await insertSchedule(db, {
      projectId: ctx.project.id,
      ownerId: actor.id,
      description: body.description,
      ref: body.ref,
      cron: body.cron,
      cronTimezone: fields.cronTimezone,
      active: body.active ?? true,
      nextRunAt: scheduleNextRunAt(body.cron, fields.cronTimezone, now, worker),
      createdAt: now,
      updatedAt: now,
    });
    return get(actor, projectRef, row.id);
  }

  async function update(
    actor: CurrentUser,
    projectRef: string,
    id: number,
    body: z.output<typeof updatePipelineScheduleBody>,
  ) {
    const ctx = await project(actor, projectRef, 'read_pipeline_schedule');
    const { schedule: current } = await schedule(ctx, id, actor, 'update_pipeline_schedule');
    const next = {
      description: body.description ?? current.description,
      ref: body.ref ?? current.ref,
      cron: body.cron ?? current.cron,
      cronTimezone: body.cron_timezone ?? current.cronTimezone,
      active: body.active ?? current.active,
    };
    const errors = scheduleErrors(next);
    if (Object.keys(errors).length > 0) throw new ValidationFailedError(errors);
    const now = clock.now();
    await updateSchedule(db, id, {
      ...next,
      nextRunAt: scheduleNextRunAt(next.cron, next.cronTimezone, now, worker),
      updatedAt: now,
    });
    return get(actor, projectRef, id);
  }

  async function takeOwnership(actor: CurrentUser, projectRef: string, id: number) {
    const ctx = await project(actor, projectRef, 'read_pipeline_schedule');
    await schedule(ctx, id, actor, 'take_ownership_pipeline_schedule');
    await updateSchedule(db, id, { ownerId: actor.id, updatedAt: clock.now() });
    return get(actor, projectRef, id);
  }

  async function remove(actor: CurrentUser, projectRef: string, id: number): Promise<void> {
    const ctx = await project(actor, projectRef, 'read_pipeline_schedule');
    await schedule(ctx, id, actor, 'admin_pipeline_schedule');
    await deleteSchedule(db, id);
  }

  /**
   * "Run pipeline schedule": a pipeline now, as the caller, on the schedule's ref with its
   * variables; its next run stays as it was. Those who may run pipelines on the ref only.
   */
  async function play(actor: CurrentUser, projectRef: string, id: number) {
    const ctx = await project(actor, projectRef, 'read_pipeline_schedule');
    const record = await schedule(ctx, id, actor);
    try {
      return await runSchedule(ctx, actor, record);
    } catch (error) {
      // GitLab's play_pipeline_schedule is refused on a ref the caller may not run pipelines on.
      if (isRefused(error)) throw new ForbiddenError();
      throw error;
    }
  }

  /** The schedule's pipeline (source `schedule`) as `user`, with the schedule's variables. */
  async function runSchedule(ctx: ProjectContext, user: CurrentUser, record: ScheduleRecord) {
    const variables = await listScheduleVariables(db, record.schedule.id);
    return pipelines.runOnRef({
      ctx,
      user,
      ref: record.schedule.ref,
      source: 'schedule',
      variables: variables.map((variable) => ({
        key: variable.key,
        value: variable.value,
        variable_type: variable.variableType,
      })),
      pipelineScheduleId: record.schedule.id,
    });
  }

  async function scheduleVariable(actor: CurrentUser, projectRef: string, id: number) {
    const ctx = await project(actor, projectRef, 'read_pipeline_schedule');
    await schedule(ctx, id, actor, 'update_pipeline_schedule');
  }

  async function createVariable(
    actor: CurrentUser,
    projectRef: string,
    id: number,
    body: z.output<typeof createScheduleVariableBody>,
  ) {
    await scheduleVariable(actor, projectRef, id);
    if (await findScheduleVariable(db, id, body.key))
      throw new ValidationFailedError({ key: ['has already been taken'] });
    const now = clock.now();
    return insertScheduleVariable(db, {
      pipelineScheduleId: id,
      key: body.key,
      value: body.value,
      variableType: body.variable_type ?? 'env_var',
      createdAt: now,
      updatedAt: now,
    });
  }

  async function existingVariable(id: number, key: string) {
    const variable = await findScheduleVariable(db, id, key);
    if (!variable) throw new NotFoundError('Variable');
    return variable;
  }

  async function updateVariable(
    actor: CurrentUser,
    projectRef: string,
    id: number,
    key: string,
    body: z.output<typeof updateScheduleVariableBody>,
  ) {
    await scheduleVariable(actor, projectRef, id);
    const variable = await existingVariable(id, key);
    return updateScheduleVariable(db, variable.id, {
      ...(body.value === undefined ? {} : { value: body.value }),
      ...(body.variable_type === undefined ? {} : { variableType: body.variable_type }),
      updatedAt: clock.now(),
    });
  }

  async function removeVariable(actor: CurrentUser, projectRef: string, id: number, key: string) {
    await scheduleVariable(actor, projectRef, id);
    const variable = await existingVariable(id, key);
    await deleteScheduleVariable(db, variable.id);
    return variable;
  }

  async function pipelinesOf(
    actor: CurrentUser,
    projectRef: string,
    id: number,
    page: Page,
    sort: 'asc' | 'desc',
  ) {
    const ctx = await project(actor, projectRef, 'read_pipeline_schedule');
    await schedule(ctx, id, actor);
    return { ctx, ...(await pipelines.listOfSchedule(ctx, id, page, sort)) };
  }

  return {
    list,
    get,
    create,
    update,
    takeOwnership,
    remove,
    play,
    runSchedule,
    createVariable,
    updateVariable,
    removeVariable,
    pipelinesOf,
  };
}

export type PipelineSchedulesService = ReturnType<typeof createPipelineSchedulesService>;
