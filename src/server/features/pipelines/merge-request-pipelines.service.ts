import { can } from '../../auth/permissions';
import { RUN_PIPELINE_FORBIDDEN } from '../../../shared/merge-widget/messages';
import type { CurrentUser } from '../../auth/current-user';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { ForbiddenError, NotFoundError, ValidationFailedError } from '../../errors';
import { mergeRefOf, writeMergeRef } from '../../git/merge-ref';
import { branchRef, resolveCommit } from '../../git/repository';
import type { LabelsService } from '../labels/labels.service';
import type { MergeRequestRecord } from '../merge-requests/merge-request-rows';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import { projectSubject, type ProjectContext, type ProjectsService } from '../projects/projects.service';
import type { ProtectedBranchesService } from '../protected-branches/protected-branches.service';
import type { UsersService } from '../users/users.service';
import { latestMergeRequestPipelines } from './head-pipelines.repo';
import {
  createMergeRequestPipelineCreation,
  type CreateMergeRequestPipelineInput,
  type PipelineMergeRequest,
} from './merge-request-pipeline-creation';
import type { CreatePipelineResult, PipelineCreation } from './pipeline-creation.service';
import { refSubject } from './ref-subject';

type Deps = {
  db: Db;
  clock: Clock;
  creation: Pick<PipelineCreation, 'create'>;
  labels: Pick<LabelsService, 'labelsOn'>;
  projects: Pick<ProjectsService, 'systemContext'>;
  protectedBranches: Pick<ProtectedBranchesService, 'protectionOf'>;
  users: Pick<UsersService, 'getUser'>;
  mergeRequests: Pick<
    MergeRequestsService,
    'findReadable' | 'recordById' | 'onHeadChanged' | 'newPipelineRan'
  >;
};

/**
 * Merge request pipelines as GitLab's MergeRequests::CreatePipelineService runs them: on a new
 * head (the request opened, its source branch pushed) when the configuration has jobs for
 * `merge_request_event`, and by "Run pipeline" (`POST .../merge_requests/:iid/pipelines`). With
 * the project's merged results pipelines on, they run the merge of the source into the target
 * (`refs/merge-requests/:iid/merge`), unless the request is a draft or the two conflict: then a
 * detached pipeline runs, as GitLab falls back. Requests from forks get none here yet.
 */
export function createMergeRequestPipelines(deps: Deps) {
  const { db, clock, projects, protectedBranches, users, mergeRequests } = deps;
  const { createMergeRequestPipeline } = createMergeRequestPipelineCreation(deps);

  /** The kind of pipeline a request gets now: merged results where the project and the request allow. */
  async function pipelineFor(
    ctx: ProjectContext,
    record: MergeRequestRecord,
    user: CurrentUser,
  ): Promise<CreateMergeRequestPipelineInput | null> {
    const mr = record.mergeRequest;
    if (!mr.headSha || mr.sourceProjectId !== mr.projectId) return null;
    const mergeRequest: PipelineMergeRequest = {
      id: mr.id,
      iid: mr.iid,
      title: mr.title,
      sourceBranch: mr.sourceBranch,
      targetBranch: mr.targetBranch,
      draft: mr.draft,
      headSha: mr.headSha,
      diffBaseSha: record.latestDiff?.baseCommitSha ?? null,
      assignees: record.assignees.map((person) => person.username),
    };
    if (ctx.project.mergePipelinesEnabled && !mr.draft) {
      const targetHead = await resolveCommit(ctx.gitDir, branchRef(mr.targetBranch));
      const merged =
        targetHead &&
        (await writeMergeRef(ctx.gitDir, {
          iid: mr.iid,
          targetHead,
          sourceHead: mr.headSha,
          date: clock.now(),
        }));
      if (targetHead && merged)
        return {
          ctx,
          mergeRequest,
          user,
          eventType: 'merged_result',
          merged: { ref: mergeRefOf(mr.iid), sha: merged, targetSha: targetHead },
        };
    }
    return { ctx, mergeRequest, user, eventType: 'detached' };
  }

  async function run(ctx: ProjectContext, record: MergeRequestRecord, user: CurrentUser) {
    const input = await pipelineFor(ctx, record, user);
    if (!input) return null;
    const result = await createMergeRequestPipeline(input);
    if (result.created) await mergeRequests.newPipelineRan(record.mergeRequest.id);
    return result;
  }

  /**
   * A request got a new head: its pipeline, made as whoever brought the head (the author who
   * opened it, the pusher). Not twice for one head (GitLab's guard against a retried worker).
   */
  async function onHeadChanged(mergeRequestId: number, actorId: number | null): Promise<void> {
    const record = await mergeRequests.recordById(mergeRequestId);
    const mr = record?.mergeRequest;
    if (!record || !mr || mr.state !== 'opened' || !mr.headSha) return;
    const userId = actorId ?? mr.authorId;
    const ctx = await projects.systemContext(mr.projectId);
    if (userId === null || !ctx) return;
    const existing = await latestMergeRequestPipelines(db, [{ mergeRequestId: mr.id, sha: mr.headSha }]);
    if (existing.has(mr.id)) return;
    const { user } = await users.getUser(userId);
    await run(ctx, record, user);
  }

  /**
   * "Run pipeline" (`POST /projects/:id/merge_requests/:iid/pipelines`): Developers who may update
   * the source branch (its protection counts), always a new pipeline. 403 with the widget's words
   * for those who may not; what stops a pipeline is answered as GitLab's validation errors.
   */
  async function runFromApi(actor: CurrentUser, projectRef: string, iid: number) {
    const { ctx, record } = await mergeRequests.findReadable(actor, projectRef, iid);
    if (!can(actor, 'read_pipeline', projectSubject(ctx))) throw new NotFoundError('Project');
    const { subject } = await refSubject(protectedBranches, ctx, record.mergeRequest.sourceBranch, false);
    if (!can(actor, 'create_pipeline', projectSubject(ctx)) || !can(actor, 'create_pipeline', subject))
      throw new ForbiddenError(RUN_PIPELINE_FORBIDDEN);
    const result: CreatePipelineResult | null = await run(ctx, record, actor);
    if (!result)
      throw new ValidationFailedError({ base: ['Cannot create a pipeline for this merge request.'] });
    if (!result.created) throw new ValidationFailedError({ base: [result.message] });
    return { ctx, pipeline: result.pipeline };
  }

  // Merge requests sit below pipelines: a new head reaches us through their hook.
  mergeRequests.onHeadChanged.add(onHeadChanged);

  return { createMergeRequestPipeline, onHeadChanged, runFromApi };
}

export type MergeRequestPipelines = ReturnType<typeof createMergeRequestPipelines>;
