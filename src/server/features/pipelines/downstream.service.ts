import type { CiStatus } from '../../../shared/ci';
import { bridgeStatusFromDownstream, DOWNSTREAM_FAILED_REASON } from '../../../shared/ci/status/bridgeStatus';
import { can } from '../../auth/permissions';
import type { CurrentUser } from '../../auth/current-user';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../errors';
import { branchRef, readRef } from '../../git/repository';
import type { EventBus } from '../../realtime/bus';
import type { ProjectContext, ProjectsService } from '../projects/projects.service';
import type { ProtectedBranchesService } from '../protected-branches/protected-branches.service';
import type { UsersService } from '../users/users.service';
import { findBuild, lockBuild, updateBuild, type BuildRow } from './builds.repo';
import { ancestorDepth, findPipelineBySourceJob } from './downstream.repo';
import { downstreamStrategy, jobOptionsOf } from './job-options';
import type { PipelineCreation, PipelineVariable } from './pipeline-creation.service';
import { isCompleted, processPipeline } from './pipeline-processing';
import { findPipeline, lockPipeline, type PipelineRow } from './pipelines.repo';
import { refSubject } from './ref-subject';

type Deps = {
  db: Db;
  bus: EventBus;
  clock: Clock;
  projects: Pick<ProjectsService, 'loadProject' | 'systemContext'>;
  protectedBranches: Pick<ProtectedBranchesService, 'protectionOf'>;
  users: Pick<UsersService, 'getUser'>;
  creation: Pick<PipelineCreation, 'create'>;
};

/** GitLab nests child pipelines two levels deep: parent, child, grandchild. */
export const MAX_DESCENDANT_DEPTH = 2;

/** Why a bridge could not create its downstream pipeline, in GitLab's failure reasons. */
type Refusal =
  | 'downstream_bridge_project_not_found'
  | 'insufficient_bridge_permissions'
  | 'invalid_bridge_trigger'
  | 'reached_max_descendant_pipelines_depth'
  | 'downstream_pipeline_creation_failed';

type Outcome = { created: PipelineRow } | { refused: Refusal };

/**
 * What a bridge passes down, as GitLab's `trigger:forward` says: its YAML variables (unless
 * `yaml_variables: false`) and, when `pipeline_variables: true`, the variables its own pipeline
 * was given. They become the downstream pipeline's variables.
 */
export function forwardedVariables(bridge: BuildRow, upstream: PipelineRow): PipelineVariable[] {
  const options = jobOptionsOf(bridge);
  const forward = options.trigger?.forward ?? {};
  const yaml = forward.yaml_variables === false ? [] : (options.yamlVariables ?? []);
  const pipeline = forward.pipeline_variables === true ? (upstream.variables as PipelineVariable[]) : [];
  const last = new Map<string, PipelineVariable>();
  for (const variable of [...yaml, ...pipeline]) last.set(variable.key, variable);
  return [...last.values()];
}

/**
 * Bridges (trigger jobs) on the server: a pending bridge creates its downstream pipeline, a child
 * pipeline of its own project (`trigger: include:`, source `parent_pipeline`) or a pipeline of
 * another project (`trigger: project:`, source `pipeline`) run as the bridge's user, who must be
 * allowed to run pipelines there. Then the bridge passes, or with `strategy: depend` runs until its
 * downstream pipeline finishes, or with `mirror` follows its status (see processPipeline).
 */
export function createDownstreamPipelines(deps: Deps) {
  const { db, bus, clock, projects, protectedBranches, users, creation } = deps;

  /** The queue's handler for a bridge that became pending; safe to run twice. */
  async function trigger(bridgeId: number): Promise<void> {
    const bridge = await findBuild(db, bridgeId);
    if (!bridge || bridge.status !== 'pending' || bridge.retried) return;
    const upstream = await findPipeline(db, bridge.pipelineId);
    if (!upstream) return;
    // A second run after a crash finds the pipeline the first one made.
    const existing = await findPipelineBySourceJob(db, bridge.id);
    const outcome: Outcome = existing ? { created: existing } : await createDownstream(bridge, upstream);
    await settle(bridge, outcome);
  }

  async function createDownstream(bridge: BuildRow, upstream: PipelineRow): Promise<Outcome> {
    const trigger = jobOptionsOf(bridge).trigger;
    // A user deleted since the bridge was created cannot trigger: the bridge fails below.
    const found = bridge.userId === null ? null : await users.getUser(bridge.userId).catch(() => null);
    if (!trigger || !found || found.user.state === 'blocked')
      return { refused: 'insufficient_bridge_permissions' };
    const actor: CurrentUser = found.user;
    const variables = forwardedVariables(bridge, upstream);
    if (trigger.include) {
      if ((await ancestorDepth(db, upstream)) >= MAX_DESCENDANT_DEPTH)
        return { refused: 'reached_max_descendant_pipelines_depth' };
      const ctx = await projects.systemContext(upstream.projectId);
      if (!ctx) return { refused: 'downstream_bridge_project_not_found' };
      return created(
        await creation.create({
          ctx,
          ref: upstream.ref,
          tag: upstream.tag,
          sha: upstream.sha,
          beforeSha: upstream.beforeSha,
          source: 'parent_pipeline',
          user: actor,
          protectedRef: upstream.protected,
          changedPaths: null,
          variables,
          configSource: JSON.stringify({ include: trigger.include }),
          sourceJobId: bridge.id,
        }),
      );
    }
    if (!trigger.project) return { refused: 'invalid_bridge_trigger' };
    let ctx: ProjectContext;
    try {
      ctx = await projects.loadProject(actor, trigger.project);
    } catch (error) {
      if (error instanceof NotFoundError) return { refused: 'downstream_bridge_project_not_found' };
      throw error;
    }
    const ref = trigger.branch ?? ctx.project.defaultBranch;
    const { protected: protectedRef, subject } = await refSubject(protectedBranches, ctx, ref, false);
    if (!can(actor, 'create_pipeline', subject)) return { refused: 'insufficient_bridge_permissions' };
    const sha = await readRef(ctx.gitDir, branchRef(ref));
    if (!sha) return { refused: 'downstream_pipeline_creation_failed' };
    return created(
      await creation.create({
        ctx,
        ref,
        tag: false,
        sha,
        beforeSha: null,
        source: 'pipeline',
        user: actor,
        protectedRef,
        changedPaths: null,
        variables,
        sourceJobId: bridge.id,
      }),
    );
  }

  /** A pipeline that could not be made, or was made failed by its configuration, fails the bridge. */
  function created(result: Awaited<ReturnType<PipelineCreation['create']>>): Outcome {
    if (!result.created || result.errors.length > 0)
      return { refused: 'downstream_pipeline_creation_failed' };
    return { created: result.pipeline };
  }

  /** The bridge moves on from pending as its outcome says, and its pipeline is processed. */
  async function settle(bridge: BuildRow, outcome: Outcome): Promise<void> {
    await db.transaction(async (tx) => {
      await lockPipeline(tx, bridge.pipelineId);
      const locked = await lockBuild(tx, bridge.id);
      if (!locked || locked.status !== 'pending') return;
      const now = clock.now();
      const strategy = downstreamStrategy(locked);
      let status: CiStatus;
      let failureReason: string | null = null;
      if ('refused' in outcome) {
        status = 'failed';
        failureReason = outcome.refused;
      } else if (!strategy) status = 'success';
      else {
        // The downstream pipeline may have finished already (a configuration error, all skipped),
        // or wait on a manual job, which a mirroring bridge shows.
        const downstream = await findPipeline(tx, outcome.created.id);
        const settled = downstream && (isCompleted(downstream.status) || downstream.status === 'manual');
        status =
          (settled && bridgeStatusFromDownstream(downstream.status as CiStatus, strategy)) || 'running';
        if (status === 'failed') failureReason = DOWNSTREAM_FAILED_REASON;
      }
      await updateBuild(tx, locked.id, {
        status,
        failureReason,
        startedAt: now,
        updatedAt: now,
        ...(isCompleted(status) ? { finishedAt: now } : {}),
      });
      await bus.publish(
        {
          type: 'job.updated',
          projectId: locked.projectId,
          pipelineId: locked.pipelineId,
          jobIds: [locked.id],
          status,
        },
        tx,
      );
      await processPipeline(tx, { bus, clock }, locked.pipelineId);
    });
  }

  return { trigger };
}

export type DownstreamPipelines = ReturnType<typeof createDownstreamPipelines>;
