import {
  compositeStatus,
  mergeRequestEventType,
  pipelineEventTypeName,
  pipelineStages,
  type CiStatus,
  type StageJob,
} from '../../../shared/ci';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EventBus } from '../../realtime/bus';
import { announceMergeRequest } from '../merge-requests/merge-request-events';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import type { HeadPipeline } from '../merge-requests/mergeability-facts';
import type { Actor } from '../../auth/permissions';
import { can } from '../../auth/permissions';
import { ForbiddenError } from '../../errors';
import { projectSubject } from '../projects/projects.service';
import {
  branchAtKey,
  currentJobsOf,
  latestBranchPipelines,
  latestMergeRequestPipelines,
  listMergeRequestPipelinesAt,
} from './head-pipelines.repo';
import { presentPipeline, presentPipelineBasic } from './pipelines.presenter';
import { findPipeline } from './pipelines.repo';

/** A merge request as far as its head pipeline goes: its project, source branch and head commit. */
export type HeadOf = {
  id: number;
  projectId: number;
  projectFullPath: string;
  sourceBranch: string;
  headSha: string | null;
};

/** A merge request's head pipeline, in the shape the merge requests feature reads it. */
export type { HeadPipeline };

type Deps = {
  db: Db;
  bus: EventBus;
  config: Pick<Config, 'externalUrl'>;
  mergeRequests: Pick<
    MergeRequestsService,
    'headPipelinesFrom' | 'headPipelineMoved' | 'findReadable' | 'versionCommits' | 'rowById'
  >;
};

/**
 * Merge requests' head pipelines (GitLab's `head_pipeline`): the latest pipeline of the source
 * branch at the request's head commit. The merge requests feature reads them through the hook it
 * offers, so it never imports this feature; and hears through it when one of them moves on.
 */
export function createHeadPipelines({ db, bus, config, mergeRequests }: Deps) {
  async function headPipelinesOf(requests: HeadOf[]): Promise<Map<number, HeadPipeline>> {
    const withHead = requests.flatMap((mr) =>
      mr.headSha ? [{ mr, at: { projectId: mr.projectId, ref: mr.sourceBranch, sha: mr.headSha } }] : [],
    );
    const [latest, ofRequests] = await Promise.all([
      latestBranchPipelines(
        db,
        withHead.map(({ at }) => at),
      ),
      latestMergeRequestPipelines(
        db,
        withHead.map(({ mr, at }) => ({ mergeRequestId: mr.id, sha: at.sha })),
      ),
    ]);
    // GitLab's head pipeline: the request's own pipeline at its head when it has one, else its branch's.
    const headOf = new Map(
      withHead.flatMap(({ mr, at }) => {
        const record = ofRequests.get(mr.id) ?? latest.get(branchAtKey(at));
        return record ? [[mr.id, record] as const] : [];
      }),
    );
    const jobsOf = new Map<number, StageJob[]>();
    for (const job of await currentJobsOf(
      db,
      [...headOf.values()].map((record) => record.pipeline.id),
    )) {
      const jobs = jobsOf.get(job.pipelineId) ?? [];
      jobs.push({ ...job, status: job.status as CiStatus });
      jobsOf.set(job.pipelineId, jobs);
    }
    const heads = new Map<number, HeadPipeline>();
    for (const { mr } of withHead) {
      const record = headOf.get(mr.id);
      if (!record) continue;
      const ctx = { fullPath: mr.projectFullPath };
      const jobs = jobsOf.get(record.pipeline.id) ?? [];
      const entity = presentPipeline({ ...record, warnings: compositeStatus(jobs).warnings }, ctx, config);
      heads.set(mr.id, {
        status: record.pipeline.status as CiStatus,
        eventTypeName: pipelineEventTypeName(mergeRequestEventType(record.pipeline)),
        mergeRequestEventType: mergeRequestEventType(record.pipeline),
        branch: record.pipeline.mergeRequestId === null ? record.pipeline.ref : mr.sourceBranch,
        basic: presentPipelineBasic(record.pipeline, ctx, config),
        entity,
        stages: pipelineStages(jobs),
      });
    }
    return heads;
  }

  /**
   * `GET /projects/:id/merge_requests/:iid/pipelines`: the source branch's pipelines at the
   * request's commits (its latest version's, and its head), newest first. Those who may read the
   * request but not pipelines get 403, as GitLab answers.
   */
  async function ofMergeRequest(
    actor: Actor,
    projectRef: string,
    iid: number,
    page: { offset: number; limit: number },
  ) {
    const { ctx, record } = await mergeRequests.findReadable(actor, projectRef, iid);
    if (!can(actor, 'read_pipeline', projectSubject(ctx))) throw new ForbiddenError();
    const mr = record.mergeRequest;
    const commits = record.latestDiff ? await mergeRequests.versionCommits(record.latestDiff.id) : [];
    const shas = [...new Set([...commits.map((commit) => commit.sha), ...(mr.headSha ? [mr.headSha] : [])])];
    const listed = await listMergeRequestPipelinesAt(
      db,
      { mergeRequestId: mr.id, projectId: mr.sourceProjectId, ref: mr.sourceBranch, shas },
      page,
    );
    return { ctx, ...listed };
  }

  mergeRequests.headPipelinesFrom(headPipelinesOf);
  // A pipeline's status changed: the requests whose head it is are announced (their checks and
  // widget changed, and a waiting auto-merge looks again), as auto-merge listens from its start.
  // Every process hears the event and announces; auto-merge queues one look however many do.
  bus.subscribe((event) => {
    if (event.type !== 'pipeline.updated') return;
    void findPipeline(db, event.pipelineId)
      .then(async (pipeline) => {
        if (!pipeline || pipeline.tag) return;
        if (pipeline.mergeRequestId !== null) {
          const row = await mergeRequests.rowById(pipeline.mergeRequestId);
          if (row) await announceMergeRequest(bus, row);
          return;
        }
        await mergeRequests.headPipelineMoved({
          projectId: pipeline.projectId,
          ref: pipeline.ref,
          sha: pipeline.sha,
        });
      })
      .catch(() => undefined);
  });

  return { headPipelinesOf, ofMergeRequest };
}

export type HeadPipelines = ReturnType<typeof createHeadPipelines>;
