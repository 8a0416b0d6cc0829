import { nextRunAt } from '../../../shared/ci/schedule/cron';
import { INSTANCE_TIME_ZONE, scheduleNextRunAt } from '../../../shared/ci/schedule/scheduleNextRun';
import type { CurrentUser } from '../../auth/current-user';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
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
  config: Pick<Config, 'pipelineScheduleWorkerCron'>;
  projects: Pick<ProjectsService, 'loadProject'>;
  users: Pick<UsersService, 'getUser'>;
  schedules: Pick<PipelineSchedulesService, 'runSchedule'>;
};

/** A sweep starts this long after the worker's time, so a timer that fires early still finds its schedules due. */
const SWEEP_LAG_MS = 1_000;
/** The longest a timer is set for (Node's timers take at most about 24 days); a later run is waited for in steps. */
const MAX_TIMER_MS = 3_600_000;

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
export function createPipelineScheduler({ db, clock, config, projects, users, schedules }: Deps) {
  const worker = { cron: config.pipelineScheduleWorkerCron, timeZone: INSTANCE_TIME_ZONE };
  async function takeOne(): Promise<ScheduleRow | null> {
    return db.transaction(async (tx) => {
      const due = await takeDueSchedule(tx, clock.now());
      if (!due) return null;
      const now = clock.now();
      await updateSchedule(tx, due.id, {
        nextRunAt: scheduleNextRunAt(due.cron, due.cronTimezone, now, worker),
      });
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

  /**
   * Sweeps at each of the worker cron's times, as GitLab's `pipeline_schedule_worker` runs, until
   * stopped: every schedule's next_run_at is one of those times, so it starts within a second of it.
   */
  function start(onError: (error: unknown) => void): () => void {
    let timer: NodeJS.Timeout | null = null;
    let stopped = false;
    const arm = (): void => {
      if (stopped) return;
      const now = clock.now();
      const at = nextRunAt(worker.cron, worker.timeZone, now);
      // Refused at startup (config.ts); nothing would ever be due.
      if (!at) return;
      const wait = Math.min(at.getTime() - now.getTime() + SWEEP_LAG_MS, MAX_TIMER_MS);
      timer = setTimeout(() => {
        const due = clock.now().getTime() >= at.getTime();
        void (due ? runDue() : Promise.resolve([])).catch(onError).finally(arm);
      }, wait);
      timer.unref();
    };
    arm();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }

  return { runDue, start };
}

export type PipelineScheduler = ReturnType<typeof createPipelineScheduler>;
