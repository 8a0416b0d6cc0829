import type { z } from 'zod';
import type { ciLintBody, createPipelineBody, pipelineListQuery } from '../../../shared/api/pipelines';
import { compositeStatus, type CiStatus, type LintResult, type PipelineSource } from '../../../shared/ci';
import type { Actor } from '../../auth/permissions';
import { can } from '../../auth/permissions';
import type { CurrentUser } from '../../auth/current-user';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { NotFoundError, ForbiddenError, ValidationFailedError } from '../../errors';
import { listChangedFiles } from '../../git/diff';
import { ZERO_SHA, branchRef, deleteRef, readRef, resolveCommit } from '../../git/repository';
import type { EventBus } from '../../realtime/bus';
import type { ServiceLog } from '../../service-log';
import type { CiVariablesService } from '../ci-variables/ci-variables.service';
import type { PushEvent } from '../git-http/push-hooks';
import { projectSubject, type ProjectContext, type ProjectsService } from '../projects/projects.service';
import type { ProtectedBranchesService } from '../protected-branches/protected-branches.service';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import { findBuild, listCurrentBuilds } from './builds.repo';
import {
  variablesWithPrefillData,
  type ConfigVariablePrefill,
} from '../../../shared/ci/views/runPipelineForm';
import { loadCiConfig, lintCiSource, projectConfigLocation } from './pipeline-config';
import {
  createPipelineCreation,
  persistentRef,
  type CreatePipelineInput,
  type PipelineVariable,
} from './pipeline-creation.service';
import { isCompleted } from './pipeline-processing';
import { buildSubject, refSubject } from './ref-subject';
import {
  findLatestPipelineRecord,
  findPipelineRecord,
  listPipelineRecords,
  type PipelineRecord,
} from './pipelines.repo';

type Deps = {
  db: Db;
  bus: EventBus;
  clock: Clock;
  config: Pick<Config, 'externalUrl'>;
  projects: Pick<ProjectsService, 'loadProject' | 'takeInternalId' | 'systemContext'>;
  protectedBranches: Pick<ProtectedBranchesService, 'protectionOf'>;
  rateLimits: Pick<RateLimits, 'check'>;
  ciVariables: Pick<CiVariablesService, 'forPipeline'>;
  log: ServiceLog;
};

/** GitLab's words when a Developer may not run pipelines on a protected branch. */
export const INSUFFICIENT_PERMISSIONS_TO_CREATE = 'Insufficient permissions to create a new pipeline';

/**
 * A pipeline with what its full entity shows: whether an allowed failure makes it pass with
 * warnings, and the bridge that created it when it is a downstream pipeline.
 */
export type PipelineView = PipelineRecord & {
  warnings: boolean;
  sourceJob?: { id: number; name: string } | null;
};

const TAG_PREFIX = 'refs/tags/';
const BRANCH_PREFIX = 'refs/heads/';

/**
 * Pipelines of a project: created on push (every branch and tag a push moved) and through the API,
 * listed and read with the code's permissions, and CI Lint.
 */
export function createPipelinesService(deps: Deps) {
  const { db, bus, projects, protectedBranches, log } = deps;
  const creation = createPipelineCreation(deps);

  /** A project the actor may read pipelines of (404 otherwise, never 403: its name stays private). */
  async function readable(actor: Actor, projectRef: string | number): Promise<ProjectContext> {
    const ctx = await projects.loadProject(actor, projectRef);
    if (!can(actor, 'read_pipeline', projectSubject(ctx))) throw new NotFoundError('Project');
    return ctx;
  }

  /** The push hook: a pipeline for every branch or tag the push created or moved. */
  async function onPush(event: PushEvent): Promise<void> {
    for (const change of event.changes) {
      if (change.newSha === ZERO_SHA) continue;
      const tag = change.ref.startsWith(TAG_PREFIX);
      if (!tag && !change.ref.startsWith(BRANCH_PREFIX)) continue;
      const ref = change.ref.slice((tag ? TAG_PREFIX : BRANCH_PREFIX).length);
      const created = change.oldSha === ZERO_SHA;
      const changedPaths =
        created || tag
          ? null
          : (await listChangedFiles(event.project.gitDir, change.oldSha, change.newSha)).flatMap((file) => [
              ...new Set([file.oldPath, file.newPath]),
            ]);
      await creation.create({
        ctx: event.project,
        ref,
        tag,
        sha: change.newSha,
        beforeSha: change.oldSha,
        source: 'push',
        user: event.actor,
        protectedRef: (await refSubject(protectedBranches, event.project, ref, tag)).protected,
        changedPaths,
      });
    }
  }

  async function list(
    actor: Actor,
    projectRef: string,
    query: z.output<typeof pipelineListQuery>,
    page: { offset: number; limit: number },
    mergeRequestIid?: number,
  ) {
    const ctx = await readable(actor, projectRef);
    const result = await listPipelineRecords(
      db,
      ctx.project.id,
      {
        status: query.status,
        scope: query.scope,
        ref: query.ref,
        mergeRequestIid,
        sha: query.sha,
        source: query.source,
        username: query.username,
        name: query.name,
        yamlErrors: query.yaml_errors,
        updatedAfter: query.updated_after ? new Date(query.updated_after) : undefined,
        updatedBefore: query.updated_before ? new Date(query.updated_before) : undefined,
        orderBy: query.order_by,
        sort: query.sort,
      },
      page,
    );
    return { ctx, ...result };
  }

  async function view(ctx: ProjectContext, pipelineId: number): Promise<PipelineView> {
    const record = await findPipelineRecord(db, ctx.project.id, pipelineId);
    if (!record) throw new NotFoundError();
    const builds = await listCurrentBuilds(db, pipelineId);
    const { warnings } = compositeStatus(
      builds.map((build) => ({ status: build.status as CiStatus, allowFailure: build.allowFailure })),
    );
    const source = record.pipeline.sourceJobId ? await findBuild(db, record.pipeline.sourceJobId) : null;
    return { ...record, warnings, sourceJob: source ? { id: source.id, name: source.name } : null };
  }

  async function get(actor: Actor, projectRef: string, pipelineId: number) {
    const ctx = await readable(actor, projectRef);
    return { ctx, pipeline: await view(ctx, pipelineId) };
  }

  /**
   * `GET /projects/:id/pipelines/latest`: the newest pipeline of `ref` (the default branch when
   * none is given) at the commit the ref names now. None is GitLab's 403, as its
   * `authorize! :read_pipeline, nil` answers.
   */
  async function latest(actor: Actor, projectRef: string, ref: string | undefined) {
    const ctx = await readable(actor, projectRef);
    const name = ref || ctx.project.defaultBranch;
    const target = await resolveRef(ctx, name);
    const record = target && (await findLatestPipelineRecord(db, ctx.project.id, name, target.sha));
    if (!record) throw new ForbiddenError();
    return { ctx, pipeline: await view(ctx, record.pipeline.id) };
  }

  /** Whether `actor` may read the variables a pipeline was run with (GitLab's read_pipeline_variable). */
  async function mayReadVariables(
    actor: Actor,
    ctx: ProjectContext,
    pipeline: Pick<PipelineRecord['pipeline'], 'ref' | 'tag' | 'userId'>,
  ): Promise<boolean> {
    return can(actor, 'read_pipeline_variable', await buildSubject(protectedBranches, ctx, pipeline));
  }

  /** `GET /projects/:id/pipelines/:pipeline_id/variables`: the variables it was run with, or 403. */
  async function variables(actor: Actor, projectRef: string, pipelineId: number) {
    const ctx = await readable(actor, projectRef);
    const record = await findPipelineRecord(db, ctx.project.id, pipelineId);
    if (!record) throw new NotFoundError();
    if (!(await mayReadVariables(actor, ctx, record.pipeline))) throw new ForbiddenError();
    return record.pipeline.variables as PipelineVariable[];
  }

  /**
   * `POST /projects/:id/pipeline`: Developers, and on a protected branch those who may push or
   * merge to it. What stops a pipeline is answered as GitLab's validation errors (`base`); a
   * configuration that does not hold is too, though its failed pipeline is kept.
   */
  async function createFromApi(
    actor: CurrentUser,
    projectRef: string,
    body: z.output<typeof createPipelineBody>,
  ) {
    const ctx = await readable(actor, projectRef);
    if (!can(actor, 'create_pipeline', projectSubject(ctx))) throw new ForbiddenError();
    const pipeline = await runOnRef({
      ctx,
      user: actor,
      ref: body.ref,
      source: 'api',
      variables: body.variables,
    });
    return { ctx, pipeline };
  }

  /**
   * `POST {project}/-/pipelines`, the run form: as the API's create, but of source `web` (GitLab's
   * page), and not found for those who may not run pipelines, as GitLab's authorize_create_pipeline!.
   */
  async function createFromPage(
    actor: CurrentUser,
    projectRef: string,
    run: { ref: string; variables: PipelineVariable[] },
  ) {
    const ctx = await readable(actor, projectRef);
    if (!can(actor, 'create_pipeline', projectSubject(ctx))) throw new NotFoundError();
    const pipeline = await runOnRef({
      ctx,
      user: actor,
      ref: run.ref,
      source: 'web',
      variables: run.variables,
    });
    return { ctx, pipeline };
  }

  /**
   * A pipeline on a branch or tag of the project, as `user` (the API's caller, a schedule's or a
   * trigger token's owner, a job's user): those who may run pipelines on that ref only. What stops
   * it is answered as GitLab's validation errors (`base`); a configuration that does not hold is
   * too, though its failed pipeline is kept.
   */
  async function runOnRef(run: {
    ctx: ProjectContext;
    user: CurrentUser;
    ref: string;
    source: PipelineSource;
    variables?: PipelineVariable[];
    pipelineScheduleId?: number;
  }): Promise<PipelineView> {
    const { ctx, user } = run;
    const target = await resolveRef(ctx, run.ref);
    if (!target) throw new ValidationFailedError({ base: ['Reference not found'] });
    const { protected: protectedRef, subject } = await refSubject(
      protectedBranches,
      ctx,
      run.ref,
      target.tag,
    );
    if (!can(user, 'create_pipeline', subject))
      throw new ValidationFailedError({ base: [INSUFFICIENT_PERMISSIONS_TO_CREATE] });
    await deps.rateLimits.check('pipelines_create', user, [ctx.project.id, target.sha]);
    const input: CreatePipelineInput = {
      ctx,
      ref: run.ref,
      tag: target.tag,
      sha: target.sha,
      beforeSha: null,
      source: run.source,
      user,
      protectedRef,
      changedPaths: null,
      variables: run.variables,
      ...(run.pipelineScheduleId === undefined ? {} : { pipelineScheduleId: run.pipelineScheduleId }),
    };
    const result = await creation.create(input);
    if (!result.created) throw new ValidationFailedError({ base: [result.message] });
    if (result.errors.length > 0) throw new ValidationFailedError({ base: result.errors });
    return view(ctx, result.pipeline.id);
  }

  /** The pipelines a schedule ran, newest first. */
  async function listOfSchedule(
    ctx: ProjectContext,
    pipelineScheduleId: number,
    page: { offset: number; limit: number },
    sort: 'asc' | 'desc' = 'desc',
  ) {
    return listPipelineRecords(db, ctx.project.id, { pipelineScheduleId, orderBy: 'id', sort }, page);
  }

  /** A branch (first) or tag of the project, and the commit it names. */
  async function resolveRef(ctx: ProjectContext, ref: string) {
    const branch = await readRef(ctx.gitDir, branchRef(ref));
    if (branch) return { tag: false, sha: branch };
    const tag = await resolveCommit(ctx.gitDir, `${TAG_PREFIX}${ref}`);
    return tag ? { tag: true, sha: tag } : null;
  }

  /** `POST /projects/:id/ci/lint`: `content` checked as this project would read it (local includes at `ref`). */
  async function lint(
    actor: CurrentUser,
    projectRef: string,
    body: z.output<typeof ciLintBody>,
  ): Promise<LintResult> {
    const ctx = await readable(actor, projectRef);
    if (!can(actor, 'create_pipeline', projectSubject(ctx))) throw new ForbiddenError();
    const ref = body.ref ?? ctx.project.defaultBranch;
    const sha = (await resolveRef(ctx, ref))?.sha ?? null;
    return lintCiSource(ctx.gitDir, sha, body.content);
  }

  /**
   * `{project}/-/pipelines/config_variables`: the top-level variables of the ref's `.gitlab-ci.yml`,
   * for the run form to prefill. Only for those who may run pipelines (404 otherwise, as GitLab's
   * access_denied). A ref without a commit or a configuration, or a configuration that does not
   * hold, has none: the form then starts empty and running tells why.
   */
  async function configVariables(
    actor: Actor,
    projectRef: string,
    ref: string | null,
  ): Promise<Record<string, ConfigVariablePrefill>> {
    const ctx = await readable(actor, projectRef);
    if (!can(actor, 'create_pipeline', projectSubject(ctx))) throw new NotFoundError();
    const target = await resolveRef(ctx, ref ?? ctx.project.defaultBranch);
    if (!target) return {};
    const loaded = await loadCiConfig(ctx.gitDir, target.sha, undefined, projectConfigLocation(ctx));
    if (!loaded?.result.valid) return {};
    return variablesWithPrefillData(loaded.result.config.variables);
  }

  /**
   * A finished pipeline's persistent ref is removed (in whichever process hears it first: the
   * delete is a compare-and-swap, so the others find nothing to do).
   */
  function startRefCleanup(): () => void {
    return bus.subscribe((event) => {
      if (event.type !== 'pipeline.updated' || !isCompleted(event.status)) return;
      void (async () => {
        const ctx = await projects.systemContext(event.projectId);
        if (!ctx) return;
        const ref = persistentRef(event.pipelineId);
        const sha = await readRef(ctx.gitDir, ref);
        if (sha) await deleteRef(ctx.gitDir, ref, sha);
      })().catch((error: unknown) =>
        log.error(
          { err: error, projectId: event.projectId, pipelineId: event.pipelineId },
          'removing a finished pipeline’s ref failed',
        ),
      );
    });
  }

  return {
    onPush,
    list,
    get,
    latest,
    mayReadVariables,
    variables,
    createFromApi,
    createFromPage,
    runOnRef,
    listOfSchedule,
    lint,
    configVariables,
    startRefCleanup,
    create: creation.create,
  };
}

export type PipelinesService = ReturnType<typeof createPipelinesService>;
