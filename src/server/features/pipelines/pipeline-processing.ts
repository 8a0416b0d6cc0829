import { compositeStatus, nextTransitions, type CiStatus, type ProcessedJob } from '../../../shared/ci';
import { bridgeStatusFromDownstream, DOWNSTREAM_FAILED_REASON } from '../../../shared/ci/status/bridgeStatus';
import { pipelineDuration } from '../../../shared/ci/status/pipelineDuration';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { EventBus } from '../../realtime/bus';
import {
  findBuild,
  listBuildsToProcess,
  lockBuild,
  transitionCreatedBuilds,
  updateBuild,
  type ProcessedBuildRow,
} from './builds.repo';
import { downstreamStrategy, jobOptionsOf } from './job-options';
import { queueBridges, scheduleDelayedBuilds } from './pipeline-follow-ups';
import { lockPipeline, updatePipeline } from './pipelines.repo';
import { requestResourceAssignments } from './resource-requests';

export type ProcessingDeps = { bus: EventBus; clock: Pick<Clock, 'now'> };

const COMPLETED: readonly string[] = ['success', 'failed', 'canceled', 'skipped'];
export const isCompleted = (status: string): boolean => COMPLETED.includes(status);

const processed = (build: ProcessedBuildRow): ProcessedJob => ({
  name: build.name,
  stageIndex: build.stageIdx,
  status: build.status as CiStatus,
  when: build.when as ProcessedJob['when'],
  allowFailure: build.allowFailure,
  needs: build.needs ?? null,
  ...(jobOptionsOf(build).startIn ? { startIn: jobOptionsOf(build).startIn } : {}),
  ...(build.resourceGroupId !== null ? { resourceGroup: true } : {}),
});

/**
 * GitLab's pipeline processing, inside the caller's transaction: the pipeline row is locked (so
 * processes finishing two of its jobs at once take turns), its created jobs move on as
 * `nextTransitions` says until nothing moves, and its status, times and duration are composed
 * from its jobs. Events go out when the transaction commits: `job.updated` for jobs that moved
 * (pending ones wake waiting runners), `pipeline.updated` when the pipeline's status changed.
 */
export async function processPipeline(
  tx: Db,
  deps: ProcessingDeps,
  pipelineId: number,
): Promise<CiStatus | null> {
  const pipeline = await lockPipeline(tx, pipelineId);
  if (!pipeline) return null;
  const now = deps.clock.now();
  const builds = await listBuildsToProcess(tx, pipelineId);
  const byName = new Map(builds.map((build) => [build.name, build]));
  for (let round = 0; round <= builds.length; round++) {
    const transitions = nextTransitions(builds.map(processed));
    if (transitions.length === 0) break;
    const groups = new Map<string, string[]>();
    for (const { name, to } of transitions) groups.set(to, [...(groups.get(to) ?? []), name]);
    for (const [to, names] of groups) {
      const ids = await transitionCreatedBuilds(tx, pipelineId, names, to, now);
      for (const name of names) Object.assign(byName.get(name)!, { status: to });
      const moved = names.map((name) => byName.get(name)!).filter((build) => ids.includes(build.id));
      if (to === 'pending') await queueBridges(tx, deps.bus, moved, now);
      if (to === 'scheduled') await scheduleDelayedBuilds(tx, deps.bus, moved, now);
      if (ids.length > 0)
        await deps.bus.publish(
          { type: 'job.updated', projectId: pipeline.projectId, pipelineId, jobIds: ids, status: to },
          tx,
        );
    }
  }
  await requestResourceAssignments(tx, deps.bus, builds, now);
  const { status } = compositeStatus(
    builds.map((build) => ({ status: build.status as CiStatus, allowFailure: build.allowFailure })),
  );
  const next: CiStatus = status ?? 'skipped';
  const completed = isCompleted(next);
  const coverage = averageCoverage(builds);
  await updatePipeline(tx, pipelineId, {
    status: next,
    updatedAt: now,
    startedAt: pipeline.startedAt ?? earliestStart(builds),
    finishedAt: completed ? (pipeline.finishedAt ?? now) : null,
    duration: completed ? pipelineDuration(builds) : null,
    coverage,
  });
  // A complete pipeline whose coverage moved (a commit status's job added or updated) is
  // announced too: a Coverage-Check compares it.
  if (next !== pipeline.status || (completed && coverage !== pipeline.coverage))
    await deps.bus.publish(
      { type: 'pipeline.updated', projectId: pipeline.projectId, pipelineId, status: next },
      tx,
    );
  if (next !== pipeline.status && pipeline.sourceJobId !== null)
    await mirrorToBridge(tx, deps, pipeline.sourceJobId, next);
  return next;
}

/**
 * A downstream pipeline's status reaches the bridge that created it when the bridge follows it
 * (`strategy: depend`: its outcome; `mirror`: every status, manual included, and back to running
 * when a played manual job moves it on), and the upstream pipeline is processed on. Locks go
 * downstream first, then upstream (a bridge's own actions never lock its downstream pipeline).
 */
async function mirrorToBridge(tx: Db, deps: ProcessingDeps, bridgeId: number, status: CiStatus) {
  const seen = await findBuild(tx, bridgeId);
  const strategy = seen && downstreamStrategy(seen);
  if (!seen || !strategy) return;
  const mirrored = bridgeStatusFromDownstream(status, strategy);
  if (!mirrored) return;
  // The upstream pipeline's lock first, as every action on its jobs takes it.
  await lockPipeline(tx, seen.pipelineId);
  const bridge = await lockBuild(tx, bridgeId);
  const following = bridge?.status === 'running' || (strategy === 'mirror' && bridge?.status === 'manual');
  if (!bridge || bridge.retried || !following || bridge.status === mirrored) return;
  const now = deps.clock.now();
  await updateBuild(tx, bridge.id, {
    status: mirrored,
    finishedAt: isCompleted(mirrored) ? now : null,
    updatedAt: now,
    ...(mirrored === 'failed' ? { failureReason: DOWNSTREAM_FAILED_REASON } : {}),
  });
  await deps.bus.publish(
    {
      type: 'job.updated',
      projectId: bridge.projectId,
      pipelineId: bridge.pipelineId,
      jobIds: [bridge.id],
      status: mirrored,
    },
    tx,
  );
  await processPipeline(tx, deps, bridge.pipelineId);
}

/** A pipeline starts when its first job does. */
function earliestStart(builds: ProcessedBuildRow[]): Date | null {
  const starts = builds.flatMap((build) => (build.startedAt ? [build.startedAt.getTime()] : []));
  return starts.length ? new Date(Math.min(...starts)) : null;
}

/** GitLab's pipeline coverage: the mean of its jobs' coverage, two decimals; null when none has one. */
function averageCoverage(builds: ProcessedBuildRow[]): string | null {
  const values = builds.flatMap((build) => (build.coverage === null ? [] : [Number(build.coverage)]));
  if (values.length === 0) return null;
  return (values.reduce((sum, value) => sum + value, 0) / values.length).toFixed(2);
}
