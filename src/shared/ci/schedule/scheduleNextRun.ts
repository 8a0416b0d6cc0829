import { nextRunAt } from './cron';

/**
 * The default cron of the worker that starts due schedules: GitLab's `pipeline_schedule_worker`
 * (`Settings.cron_jobs['pipeline_schedule_worker']['cron']`, minute 3 of every ten), read in the
 * instance's time zone (UTC here). An instance sets its own with PIPELINE_SCHEDULE_WORKER_CRON.
 */
export const PIPELINE_SCHEDULE_WORKER_CRON = '3-59/10 * * * *';
export const INSTANCE_TIME_ZONE = 'UTC';

/** The schedule worker's cron and the zone it is read in (the instance's). */
export type ScheduleWorker = { cron: string; timeZone: string };

const DEFAULT_WORKER: ScheduleWorker = { cron: PIPELINE_SCHEDULE_WORKER_CRON, timeZone: INSTANCE_TIME_ZONE };

/**
 * A schedule's `next_run_at` as GitLab sets it (CronSchedulable#set_next_run_at): the schedule's
 * own next run when the worker runs at that very moment, else the worker's first run after it. So
 * the stored time is when the schedule really starts, and a rule like `* * * * *` cannot fire more
 * often than the worker does. GitLab's plan limit of daily runs (ci_daily_pipeline_schedule_triggers)
 * is off on a self-managed instance, where this fallback is the rule. Null when the rule never fires.
 */
export function scheduleNextRunAt(
  cron: string,
  timeZone: string,
  now: Date,
  worker: ScheduleWorker = DEFAULT_WORKER,
): Date | null {
  const ideal = nextRunAt(cron, timeZone, now);
  if (!ideal) return null;
  const workerNext = nextRunAt(worker.cron, worker.timeZone, now);
  if (workerNext && workerNext.getTime() === ideal.getTime()) return ideal;
  return nextRunAt(worker.cron, worker.timeZone, ideal);
}
