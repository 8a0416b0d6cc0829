import {
  pipelinePredefinedVariables,
  planPipeline,
  type CiVariable,
  type PipelineSource,
  type PlannedJob,
  type PredefinedContext,
} from '../../../shared/ci';
import type { CurrentUser } from '../../auth/current-user';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { readCommit, type Commit } from '../../git/commits';
import { ZERO_SHA, deleteRef, updateRef } from '../../git/repository';
import type { EventBus } from '../../realtime/bus';
import type { ServiceLog } from '../../service-log';
import { forEnvironment, type CiVariablesService } from '../ci-variables/ci-variables.service';
import type { ProjectContext, ProjectsService } from '../projects/projects.service';
import { insertPipelineBuilds, type NewBuild } from './builds.repo';
import { jobOptionsFromPlan } from './job-options';
import { ensureResourceGroups } from './resource-groups.repo';
import { loadCiConfig, projectConfigLocation } from './pipeline-config';
import { cancelRedundantPipelines } from './auto-cancel';
import { processPipeline } from './pipeline-processing';
import { insertPipeline, updatePipeline, type PipelineRow } from './pipelines.repo';

/** The ref a pipeline keeps its commit fetchable by while it runs (GitLab's persistent ref). */
export const persistentRef = (pipelineId: number) => `refs/pipelines/${pipelineId}`;

/** A variable given to one pipeline (the API's `variables`, the run form). */
export type PipelineVariable = { key: string; value: string; variable_type?: 'env_var' | 'file' };

export type CreatePipelineInput = {
  ctx: ProjectContext;
  ref: string;
  tag: boolean;
  sha: string;
  beforeSha: string | null;
  source: PipelineSource;
  user: CurrentUser;
  /** Whether the ref is protected (its jobs run on protected runners, with protected variables). */
  protectedRef: boolean;
  /** Paths the push changed; null when unknown (a new branch, a pipeline run by hand). */
  changedPaths: string[] | null;
  variables?: PipelineVariable[];
  /** A merge request pipeline (`merge_request_event`): its request, for the row and CI_MERGE_REQUEST_*. */
  mergeRequest?: MergeRequestOfPipeline;
  /** A child pipeline's configuration (the bridge's `trigger: include:`), instead of `.gitlab-ci.yml`. */
  configSource?: string;
  /** The bridge whose downstream pipeline this is. */
  sourceJobId?: number;
  /** The schedule that runs it (source `schedule`). */
  pipelineScheduleId?: number;
};

/**
 * What a `merge_request_event` pipeline knows of its merge request: its CI_MERGE_REQUEST_*
 * variables, and for merged results and merge trains the two heads its merge commit joins.
 */
export type MergeRequestOfPipeline = Omit<
  NonNullable<PredefinedContext['mergeRequest']>,
  'sourceBranchSha' | 'targetBranchSha'
> & { sourceSha: string; targetSha: string | null };

export type CreatePipelineResult =
  | { created: true; pipeline: PipelineRow; errors: string[] }
  | { created: false; reason: 'no_config' | 'filtered' | 'no_commit'; message: string };

/** `[ci skip]`, `[skip ci]` (and GitLab's `-`/`_` spellings) in a pushed commit's message. */
const SKIP_CI = /\[(ci[ _-]skip|skip[ _-]ci)\]/i;

/** GitLab's words for a commit without `.gitlab-ci.yml`. */
export const MISSING_CONFIG_MESSAGE = 'Missing CI config file';

type Deps = {
  db: Db;
  bus: EventBus;
  clock: Clock;
  config: Pick<Config, 'externalUrl'>;
  projects: Pick<ProjectsService, 'takeInternalId'>;
  ciVariables: Pick<CiVariablesService, 'forPipeline'>;
  log: ServiceLog;
};

class NoPipeline extends Error {
  constructor(readonly outcome: Extract<CreatePipelineResult, { created: false }>) {
    super(outcome.message);
  }
}

/**
 * Creates pipelines as GitLab's CreatePipelineService does: the commit's `.gitlab-ci.yml` (with its
 * local includes) read and validated, the jobs planned for this ref and source, then the pipeline
 * and all its jobs written in one transaction (the jobs in one insert) and processed, so the first
 * jobs are pending when it commits. A configuration that does not hold still makes a pipeline:
 * failed, with its `yaml_errors`. No configuration, or workflow rules that filter, make none.
 */
export function createPipelineCreation({ db, bus, clock, config, projects, ciVariables, log }: Deps) {
  async function create(input: CreatePipelineInput): Promise<CreatePipelineResult> {
    const { ctx, sha } = input;
    const loaded = await loadCiConfig(ctx.gitDir, sha, input.configSource, projectConfigLocation(ctx));
    if (!loaded) return { created: false, reason: 'no_config', message: MISSING_CONFIG_MESSAGE };
    const [commit, cicdVariables] = await Promise.all([
      readCommit(ctx.gitDir, sha),
      ciVariables.forPipeline(
        { id: ctx.project.id, namespaceFullPath: ctx.namespace.fullPath, namespaceKind: ctx.namespace.kind },
        { protectedRef: input.protectedRef },
      ),
    ]);
    if (!commit) return { created: false, reason: 'no_commit', message: 'Commit not found' };
    // Project and group variables, then the pipeline's own: later definitions win.
    const userVariables = [...cicdVariables.all, ...(input.variables ?? []).map(toCiVariable)];
    let writtenRef: { gitDir: string; ref: string; sha: string } | null = null;
    try {
      const result = await db.transaction(async (tx) => {
        const now = clock.now();
        const iid = await projects.takeInternalId(tx, ctx.project.id, 'ci_pipelines');
        const pipeline = await insertPipeline(tx, {
          projectId: ctx.project.id,
          iid,
          sha,
          beforeSha: input.beforeSha ?? ZERO_SHA,
          ref: input.ref,
          tag: input.tag,
          protected: input.protectedRef,
          source: input.source,
          userId: input.user.id,
          variables: input.variables ?? [],
          mergeRequestId: input.mergeRequest?.id ?? null,
          sourceSha:
            input.mergeRequest && input.mergeRequest.eventType !== 'detached'
              ? input.mergeRequest.sourceSha
              : null,
          targetSha: input.mergeRequest?.targetSha ?? null,
          sourceJobId: input.sourceJobId ?? null,
          pipelineScheduleId: input.pipelineScheduleId ?? null,
          committedAt: commit.committer.date,
          createdAt: now,
          updatedAt: now,
        });
        // A push whose commit asks to skip CI leaves a skipped pipeline, as GitLab's Chain::Skip.
        if (input.source === 'push' && SKIP_CI.test(commit.message)) return skip(tx, pipeline);
        if (!loaded.result.valid) return failConfig(tx, pipeline, loaded.result.errors);
        const plan = planPipeline(loaded.result.config, {
          source: input.source,
          ref: input.ref,
          tag: input.tag,
          ...(input.mergeRequest ? { mergeRequest: true } : {}),
          sha,
          projectFullPath: ctx.fullPath,
          changedPaths: input.changedPaths,
          files: loaded.files,
          predefinedVariables: predefinedVariables(input, pipeline, commit),
          userVariables,
        });
        if (plan.status === 'filtered_by_workflow_rules' || plan.status === 'filtered_by_rules')
          throw new NoPipeline({ created: false, reason: 'filtered', message: plan.message });
        if (plan.status === 'config_error') return failConfig(tx, pipeline, plan.errors);
        const resourceGroups = await ensureResourceGroups(
          tx,
          pipeline.projectId,
          resourceGroupKeys(plan.plan.jobs),
          now,
        );
        await insertPipelineBuilds(
          tx,
          plan.plan.jobs.map((job) => ({
            ...buildValues(
              job,
              pipeline,
              input,
              now,
              forEnvironment(cicdVariables, job.environment?.name ?? null),
            ),
            resourceGroupId: job.resourceGroup ? (resourceGroups.get(job.resourceGroup) ?? null) : null,
          })),
        );
        await updatePipeline(tx, pipeline.id, {
          ...(plan.plan.name ? { name: plan.plan.name } : {}),
          autoCancelOnNewCommit: plan.plan.autoCancelOnNewCommit,
        });
        // Runners fetch the commit by this ref: it must exist before any job can be taken, which
        // is once this transaction commits, so git writes it while the jobs are processed.
        writtenRef = { gitDir: ctx.gitDir, ref: persistentRef(pipeline.id), sha };
        // Both are waited for before a failure ends the transaction: no query may outlive it.
        const outcomes = await Promise.allSettled([
          updateRef(ctx.gitDir, writtenRef.ref, sha, ZERO_SHA),
          processPipeline(tx, { bus, clock }, pipeline.id),
        ]);
        for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
        return { created: true as const, pipeline, errors: [] };
      });
      // A child pipeline cancels nothing: its parent did, as GitLab skips parent_pipeline sources.
      if (ctx.project.autoCancelPendingPipelines === 'enabled' && input.source !== 'parent_pipeline')
        // The new pipeline stands whatever happens to the older ones: a failed cancel is not its
        // failure, but the older ones run on, so it is logged.
        await cancelRedundantPipelines(db, { bus, clock }, result.pipeline).catch((error: unknown) =>
          log.error(
            { err: error, projectId: ctx.project.id, pipelineId: result.pipeline.id },
            'auto-cancel of redundant pipelines failed',
          ),
        );
      return result;
    } catch (error) {
      const ref = writtenRef as { gitDir: string; ref: string; sha: string } | null;
      if (ref) await deleteRef(ref.gitDir, ref.ref, ref.sha);
      if (error instanceof NoPipeline) return error.outcome;
      throw error;
    }
  }

  async function skip(tx: Db, pipeline: PipelineRow) {
    const now = clock.now();
    await updatePipeline(tx, pipeline.id, { status: 'skipped', finishedAt: now, updatedAt: now });
    await bus.publish(
      { type: 'pipeline.updated', projectId: pipeline.projectId, pipelineId: pipeline.id, status: 'skipped' },
      tx,
    );
    return { created: true as const, pipeline: { ...pipeline, status: 'skipped' }, errors: [] };
  }

  /** A configuration that does not hold: the pipeline fails at once, with GitLab's errors joined. */
  async function failConfig(tx: Db, pipeline: PipelineRow, errors: string[]) {
    const now = clock.now();
    await updatePipeline(tx, pipeline.id, {
      status: 'failed',
      yamlErrors: errors.join(', '),
      failureReason: 'config_error',
      finishedAt: now,
      updatedAt: now,
    });
    await bus.publish(
      { type: 'pipeline.updated', projectId: pipeline.projectId, pipelineId: pipeline.id, status: 'failed' },
      tx,
    );
    return { created: true as const, pipeline: { ...pipeline, status: 'failed' }, errors };
  }

  function predefinedVariables(
    input: CreatePipelineInput,
    pipeline: PipelineRow,
    commit: Commit,
  ): CiVariable[] {
    const { ctx, user } = input;
    return pipelinePredefinedVariables({
      server: { url: config.externalUrl },
      project: {
        id: ctx.project.id,
        name: ctx.project.name,
        description: ctx.project.description,
        fullPath: ctx.fullPath,
        namespace: ctx.namespace.fullPath,
        namespaceId: ctx.namespace.id,
        visibility: ctx.project.visibility,
        defaultBranch: ctx.project.defaultBranch,
        ciConfigPath: ctx.project.ciConfigPath ?? undefined,
      },
      pipeline: {
        id: pipeline.id,
        iid: pipeline.iid,
        source: input.source,
        createdAt: pipeline.createdAt.toISOString(),
        ref: input.ref,
        tag: input.tag,
        sha: input.sha,
        beforeSha: pipeline.beforeSha,
        protectedRef: input.protectedRef,
        commit: {
          message: commit.message,
          timestamp: commit.committer.date.toISOString(),
          authorName: commit.author.name,
          authorEmail: commit.author.email,
        },
      },
      ...(input.mergeRequest ? { mergeRequest: predefinedMergeRequest(input.mergeRequest) } : {}),
      user: { id: user.id, login: user.username, email: user.email, name: user.name },
    });
  }

  return { create };
}

export type PipelineCreation = ReturnType<typeof createPipelineCreation>;

const predefinedMergeRequest = ({ sourceSha, targetSha, ...facts }: MergeRequestOfPipeline) => ({
  ...facts,
  sourceBranchSha: sourceSha,
  targetBranchSha: targetSha ?? '',
});

const toCiVariable = (variable: PipelineVariable): CiVariable => ({
  key: variable.key,
  value: variable.value,
  ...(variable.variable_type === 'file' ? { file: true } : {}),
});

/** The resource groups a pipeline's jobs name (each once; GitLab makes them as the jobs are seeded). */
const resourceGroupKeys = (jobs: PlannedJob[]): string[] => [
  ...new Set(jobs.flatMap((job) => (job.resourceGroup ? [job.resourceGroup] : []))),
];

/** One job's row: its configuration as a runner needs it, and the variables resolved now. */
function buildValues(
  job: PlannedJob,
  pipeline: PipelineRow,
  input: CreatePipelineInput,
  now: Date,
  environmentVariables: CiVariable[],
): NewBuild {
  return {
    pipelineId: pipeline.id,
    projectId: pipeline.projectId,
    name: job.name,
    stage: job.stage,
    stageIdx: job.stageIndex,
    status: 'created',
    when: job.when,
    allowFailure: job.allowFailure,
    needs: job.needs ? job.needs.map((need) => need.name) : null,
    schedulingType: job.schedulingType,
    options: jobOptionsFromPlan(job),
    // Variables scoped to the job's environment come last: they are the project's, above the YAML's.
    variables: [...job.variables, ...environmentVariables].map(runnerVariable),
    tagList: job.tags ?? [],
    ref: input.ref,
    tag: input.tag,
    protected: input.protectedRef,
    userId: input.user.id,
    createdAt: now,
    updatedAt: now,
  };
}

/** GitLab's runner variable: `public` and `masked` always said, `file` and `raw` only when true. */
export const runnerVariable = (variable: CiVariable) => ({
  key: variable.key,
  value: variable.value,
  public: variable.public ?? true,
  masked: variable.masked ?? false,
  ...(variable.file ? { file: true } : {}),
  ...(variable.raw ? { raw: true } : {}),
});
