import type { z } from 'zod';
import type { commitStatusBody, commitStatusListQuery } from '../../../shared/api/commitStatuses';
import { commitStatusMove } from '../../../shared/ci/status/commitStatus';
import type { CiStatus } from '../../../shared/ci';
import type { CurrentUser } from '../../auth/current-user';
import { can } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../errors';
import { listBranches } from '../../git/branches';
import { readCommit } from '../../git/commits';
import { branchRef, readRef, resolveCommit } from '../../git/repository';
import type { EventBus } from '../../realtime/bus';
import { projectSubject, type ProjectContext, type ProjectsService } from '../projects/projects.service';
import type { ProtectedBranchesService } from '../protected-branches/protected-branches.service';
import { insertBuilds, markRetried, updateBuild, type BuildRow } from './builds.repo';
import {
  EXTERNAL_STAGE,
  EXTERNAL_STAGE_IDX,
  findCurrentBuildNamed,
  listCommitStatuses,
  lockNewestPipelineFor,
} from './commit-statuses.repo';
import { jobOptionsOf, type JobOptions } from './job-options';
import { processPipeline } from './pipeline-processing';
import { insertPipeline } from './pipelines.repo';
import { refSubject } from './ref-subject';

type Deps = {
  db: Db;
  bus: EventBus;
  clock: Clock;
  projects: Pick<ProjectsService, 'loadProject' | 'takeInternalId'>;
  protectedBranches: Pick<ProtectedBranchesService, 'protectionOf'>;
};

const COMPLETED: readonly string[] = ['success', 'failed', 'canceled', 'skipped'];

/**
 * Commit statuses external CI reports (`POST /projects/:id/statuses/:sha`): each is a job of the
 * `external` stage in the newest pipeline of that commit and ref, or in a new pipeline of source
 * `external` when there is none, so the pipeline's status (and a merge request's head pipeline,
 * and "Pipelines must succeed") counts them. Developers report; readers of pipelines list them.
 */
export function createCommitStatusesService({ db, bus, clock, projects, protectedBranches }: Deps) {
  async function commitOf(ctx: ProjectContext, sha: string): Promise<string> {
    const full = /^[0-9a-f]{4,64}$/i.test(sha) ? await resolveCommit(ctx.gitDir, sha) : null;
    if (!full) throw new NotFoundError('Commit');
    return full;
  }

  /** GitLab's ref when none is given: a branch holding the commit (here: at its tip), else the default branch. */
  async function refFor(ctx: ProjectContext, sha: string, ref: string | undefined) {
    if (ref) {
      const branch = await readRef(ctx.gitDir, branchRef(ref));
      const tag = !branch && (await resolveCommit(ctx.gitDir, `refs/tags/${ref}`)) !== null;
      return { ref, tag };
    }
    const branches = await listBranches(ctx.gitDir);
    const atTip = branches.find((branch) => branch.sha === sha);
    return { ref: atTip?.name ?? ctx.project.defaultBranch, tag: false };
  }

  async function create(
    actor: CurrentUser,
    projectRef: string,
    shaParam: string,
    body: z.output<typeof commitStatusBody>,
  ) {
    const ctx = await projects.loadProject(actor, projectRef);
    if (!can(actor, 'create_commit_status', projectSubject(ctx))) throw new ForbiddenError();
    const sha = await commitOf(ctx, shaParam);
    const { ref, tag } = await refFor(ctx, sha, body.ref);
    const name = body.name ?? body.context ?? 'default';
    const { protected: protectedRef } = await refSubject(protectedBranches, ctx, ref, tag);
    const commit = await readCommit(ctx.gitDir, sha);
    const build = await db.transaction(async (tx) => {
      const now = clock.now();
      const pipeline =
        (await lockNewestPipelineFor(tx, ctx.project.id, { sha, ref, pipelineId: body.pipeline_id })) ??
        (await insertPipeline(tx, {
          projectId: ctx.project.id,
          iid: await projects.takeInternalId(tx, ctx.project.id, 'ci_pipelines'),
          sha,
          ref,
          tag,
          protected: protectedRef,
          source: 'external',
          userId: actor.id,
          committedAt: commit?.committer.date ?? null,
          createdAt: now,
          updatedAt: now,
        }));
      const named = await findCurrentBuildNamed(tx, pipeline.id, name);
      const current = named && jobOptionsOf(named).kind === 'external' ? named : null;
      const move = commitStatusMove((current?.status as CiStatus | undefined) ?? null, body.state);
      if (move.kind === 'refused') throw new BadRequestError(move.message);
      const completed = COMPLETED.includes(move.to);
      const times = {
        startedAt: move.to === 'pending' ? null : (current?.startedAt ?? now),
        finishedAt: completed ? now : null,
        updatedAt: now,
      };
      let written: BuildRow | null | undefined;
      if (move.kind === 'create') {
        if (current) await markRetried(tx, [current.id]);
        const options: JobOptions = {
          kind: 'external',
          description: body.description ?? null,
          targetUrl: body.target_url ?? null,
        };
        [written] = await insertBuilds(tx, [
          {
            pipelineId: pipeline.id,
            projectId: ctx.project.id,
            name,
            stage: EXTERNAL_STAGE,
            stageIdx: EXTERNAL_STAGE_IDX,
            status: move.to,
            options,
            ref,
            tag,
            protected: protectedRef,
            userId: actor.id,
            coverage: body.coverage === undefined ? null : String(body.coverage),
            createdAt: now,
            ...times,
          },
        ]);
      } else {
        const options = jobOptionsOf(current!);
        written = await updateBuild(tx, current!.id, {
          status: move.to,
          options: {
            ...options,
            description: body.description ?? options.description ?? null,
            targetUrl: body.target_url ?? options.targetUrl ?? null,
          },
          ...(body.coverage === undefined ? {} : { coverage: String(body.coverage) }),
          ...times,
        });
      }
      await bus.publish(
        {
          type: 'job.updated',
          projectId: ctx.project.id,
          pipelineId: pipeline.id,
          jobIds: [written!.id],
          status: move.to,
        },
        tx,
      );
      await processPipeline(tx, { bus, clock }, pipeline.id);
      return written!;
    });
    return { ctx, build, sha, user: { ...actor } };
  }

  async function list(
    actor: CurrentUser | null,
    projectRef: string,
    shaParam: string,
    query: z.output<typeof commitStatusListQuery>,
    page: { offset: number; limit: number },
  ) {
    const ctx = await projects.loadProject(actor, projectRef);
    if (!can(actor, 'read_pipeline', projectSubject(ctx))) throw new NotFoundError('Project');
    const sha = await commitOf(ctx, shaParam);
    const result = await listCommitStatuses(
      db,
      ctx.project.id,
      sha,
      {
        ref: query.ref,
        stage: query.stage,
        name: query.name,
        pipelineId: query.pipeline_id,
        all: query.all ?? false,
      },
      page,
    );
    return { ctx, ...result };
  }

  return { create, list };
}

export type CommitStatusesService = ReturnType<typeof createCommitStatusesService>;
