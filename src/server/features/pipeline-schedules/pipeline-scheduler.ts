import { scheduleNextRunAt } from '../../../shared/ci/schedule/scheduleNextRun';
import type { CurrentUser } from '../../auth/current-user';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { ProjectsService } from '../projects/projects.service';
import type { UsersService } from '../users/users.service';
import {
  findScheduleRecord,
  takeDueSchedule,
  updateSchedule,
  type ScheduleRow,
} from './pipeline-schedules.repo';
import type { PipelineSchedulesService } from './pipeline-schedules.service';

type Deps = {
  db: Db;
  clock: Clock;
  projects: Pick<ProjectsService, 'loadProject'>;
  users: Pick<UsersService, 'getUser'>;
  schedules: Pick<PipelineSchedulesService, 'runSchedule'>;
};

/** How often every process looks for due schedules. */
export const SCHEDULE_SWEEP_INTERVAL_MS = 30_000;

/** What a sweep did with one due schedule. */
export type ScheduledRun =
  | { scheduleId: number; outcome: 'created'; pipelineId: number }
  | { scheduleId: number; outcome: 'skipped'; reason: string };

/**
 * Starts the pipelines of due schedules. Each due schedule is taken with `FOR UPDATE SKIP LOCKED`
 * and its `next_run_at` moved past now in the same transaction, so however many app processes
 * sweep at once, a run starts once. The pipeline is made after that commits, as the schedule's
 * owner: one the owner may no longer run (gone, blocked, no access to the ref) is skipped.
 */
export function createPipelineScheduler({ db, clock, projects, users, schedules }: Deps) {
  async function takeOne(): Promise<ScheduleRow | null> {
    return db.transaction(async (tx) => {
      const due = await takeDueSchedule(tx, clock.now());
      if (!due) return null;
      const now = clock.now();
      await updateSchedule(tx, due.id, { nextRunAt: scheduleNextRunAt(due.cron, due.cronTimezone, now) });
      return due;
    });
  }

  async function run(due: ScheduleRow): Promise<ScheduledRun> {
    const skipped = (reason: string): ScheduledRun => ({ scheduleId: due.id, outcome: 'skipped', reason });
    if (due.ownerId === null) return skipped('the schedule has no owner');
    let owner: CurrentUser;
    try {
      const { user } = await users.getUser(due.ownerId);
      owner = {
        id: user.id,
        username: user.username,
        name: user.name,
        email: user.email,
        admin: user.admin,
        state: user.state,
      };
    } catch {
      return skipped('the owner is gone');
    }
    if (owner.state !== 'active') return skipped('the owner is blocked');
    try {
      const ctx = await projects.loadProject(owner, due.projectId, 'read_pipeline_schedule');
      const record = await findScheduleRecord(db, due.projectId, due.id);
      if (!record) return skipped('the schedule is gone');
      const pipeline = await schedules.runSchedule(ctx, owner, record);
      return { scheduleId: due.id, outcome: 'created', pipelineId: pipeline.pipeline.id };
    } catch (error) {
      return skipped(error instanceof Error ? error.message : String(error));
    }
  }

  /** Runs every schedule due now; answers what happened to each. */
  async function runDue(): Promise<ScheduledRun[]> {
    const runs: ScheduledRun[] = [];
    for (let due = await takeOne(); due; due = await takeOne()) runs.push(await run(due));
    return runs;
  }

  /** Sweeps every interval until stopped. */
  function start(onError: (error: unknown) => void, intervalMs = SCHEDULE_SWEEP_INTERVAL_MS): () => void {
    const timer = setInterval(() => void runDue().catch(onError), intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  return { runDue, start };
}

export type PipelineScheduler = ReturnType<typeof createPipelineScheduler>;
