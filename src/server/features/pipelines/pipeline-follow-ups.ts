import { parseDuration } from '../../../shared/ci/duration';
import type { Db } from '../../db/client';
import { enqueueWithin } from '../../jobs/jobs';
import type { EventBus } from '../../realtime/bus';
import { updateBuild, type BuildRow, type ProcessedBuildRow } from './builds.repo';
import { jobOptionsOf } from './job-options';

/**
 * What pipeline processing leaves to the job queue, so it happens once whichever app process
 * runs it, and survives a restart: a delayed job starting when due, a bridge creating its
 * downstream pipeline (which reads git and writes another pipeline, outside the processing lock).
 */
export const START_DELAYED_JOB = 'ci.start_delayed_job';
export const CREATE_DOWNSTREAM_PIPELINE = 'ci.create_downstream_pipeline';

/** One queue per pipeline: its follow-ups run one at a time. */
export const pipelineQueue = (pipelineId: number) => `ci_pipeline:${pipelineId}`;

export type BuildPayload = { buildId: number };

export const isBridge = (build: Pick<BuildRow, 'options'>): boolean => jobOptionsOf(build).kind === 'bridge';

/** When a delayed job is due: `start_in` after it became scheduled. */
export function scheduledAtOf(build: Pick<BuildRow, 'options'>, now: Date): Date {
  const seconds = parseDuration(jobOptionsOf(build).startIn ?? '') ?? 0;
  return new Date(now.getTime() + seconds * 1000);
}

/** Delayed jobs that just became `scheduled`: their time is kept, and their start queued for it. */
export async function scheduleDelayedBuilds(
  tx: Db,
  bus: EventBus,
  builds: ProcessedBuildRow[],
  now: Date,
): Promise<void> {
  for (const build of builds) {
    const scheduledAt = scheduledAtOf(build, now);
    await updateBuild(tx, build.id, { scheduledAt });
    build.scheduledAt = scheduledAt;
    await enqueueWithin(tx, bus, {
      queue: pipelineQueue(build.pipelineId),
      kind: START_DELAYED_JOB,
      payload: { buildId: build.id } satisfies BuildPayload,
      runAt: scheduledAt,
    });
  }
}

/** Bridges that just became `pending`: no runner takes them; their downstream pipeline is queued. */
export async function queueBridges(
  tx: Db,
  bus: EventBus,
  builds: ProcessedBuildRow[],
  now: Date,
): Promise<void> {
  for (const build of builds) {
    if (!isBridge(build)) continue;
    await enqueueWithin(tx, bus, {
      queue: pipelineQueue(build.pipelineId),
      kind: CREATE_DOWNSTREAM_PIPELINE,
      payload: { buildId: build.id } satisfies BuildPayload,
      runAt: now,
    });
  }
}

/** The queue's handlers for the follow-ups above. */
export function registerPipelineFollowUps(
  jobs: { register(kind: string, handler: (payload: unknown) => Promise<void>): void },
  handlers: {
    startDelayed(buildId: number): Promise<void>;
    triggerDownstream(buildId: number): Promise<void>;
  },
): void {
  jobs.register(START_DELAYED_JOB, (payload) => handlers.startDelayed((payload as BuildPayload).buildId));
  jobs.register(CREATE_DOWNSTREAM_PIPELINE, (payload) =>
    handlers.triggerDownstream((payload as BuildPayload).buildId),
  );
}
