import {
  compositeStatus,
  mergeRequestEventType,
  pipelineEventTypeName,
  pipelineDetailedStatus,
  pipelineStages,
  type CiStatus,
  type StageJob,
} from '../../../shared/ci';
import type { CoverageComparison, CoveragePipeline } from '../../../shared/approvals';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EventBus } from '../../realtime/bus';
import type { ServiceLog } from '../../service-log';
import { announceHeadPipelineFinished, announceMergeRequest } from '../merge-requests/merge-request-events';
import type { MergeRequestRecord } from '../merge-requests/merge-request-rows';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import type { HeadPipeline } from '../merge-requests/mergeability-facts';
import type { LinkedPipeline } from '../../../shared/api/mergeWidget';
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
import { listDownstreamOfPipelines } from './downstream.repo';
import { pipelinePath, presentPipeline, presentPipelineBasic } from './pipelines.presenter';
import { findPipeline, type PipelineRow } from './pipelines.repo';

/** A merge request as far as its head pipeline goes: its project, source branch and head commit. */
export type HeadOf = {
  id: number;
  projectId: number;
  projectFullPath: string;
  sourceBranch: string;
  headSha: string | null;
};

type DownstreamRow = Awaited<ReturnType<typeof listDownstreamOfPipelines>>[number];

/** A linked pipeline as the widget's mini graph draws it. */
function presentLinked({ pipeline, project }: DownstreamRow): LinkedPipeline {
  const path = pipelinePath(project, pipeline.id);
  return {
    id: pipeline.id,
    path,
    status: pipelineDetailedStatus(
      { status: pipeline.status as CiStatus, warnings: false },
      { basePath: `/${project.fullPath}`, pipelinePath: path },
    ),
    project: { name: project.name, full_path: project.fullPath },
  };
}

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
  log: ServiceLog;
};

/**
 * Merge requests' head pipelines (GitLab's `head_pipeline`): the latest pipeline of the source
 * branch at the request's head commit. The merge requests feature reads them through the hook it
 * offers, so it never imports this feature; and hears through it when one of them moves on.
 */
export function createHeadPipelines({ db, bus, config, mergeRequests, log }: Deps) {
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
    const downstreamOf = new Map<number, LinkedPipeline[]>();
    const headIds = [...headOf.values()].map((record) => record.pipeline.id);
    for (const linked of await listDownstreamOfPipelines(db, headIds)) {
      // No viewer is known here: only what anyone who reads the request may read, its own project's
      // child pipelines and those of public projects (GitLab also leaves out unreadable ones).
      const head = [...headOf.values()].find((record) => record.pipeline.id === linked.upstreamId);
      if (linked.project.id !== head?.pipeline.projectId && linked.project.visibility !== 'public') continue;
      const list = downstreamOf.get(linked.upstreamId) ?? [];
      list.push(presentLinked(linked));
      downstreamOf.set(linked.upstreamId, list);
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
        triggered: downstreamOf.get(record.pipeline.id) ?? [],
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

  /**
   * What a request's Coverage-Check compares: its head pipeline, and the latest pipeline of its
   * target branch at the commit its diff is based on (GitLab's `base_pipeline`).
   */
  async function coverageOf(
    subject: Pick<MergeRequestRecord, 'mergeRequest' | 'latestDiff'>,
  ): Promise<CoverageComparison> {
    const mr = subject.mergeRequest;
    const headAt = mr.headSha ? { projectId: mr.projectId, ref: mr.sourceBranch, sha: mr.headSha } : null;
    const baseSha = subject.latestDiff?.baseCommitSha;
    const baseAt = baseSha ? { projectId: mr.projectId, ref: mr.targetBranch, sha: baseSha } : null;
    const [branches, ofRequest] = await Promise.all([
      latestBranchPipelines(
        db,
        [headAt, baseAt].flatMap((at) => (at ? [at] : [])),
      ),
      latestMergeRequestPipelines(db, headAt ? [{ mergeRequestId: mr.id, sha: headAt.sha }] : []),
    ]);
    const head = ofRequest.get(mr.id) ?? (headAt ? branches.get(branchAtKey(headAt)) : undefined);
    const base = baseAt ? branches.get(branchAtKey(baseAt)) : undefined;
    return {
      head: head ? coverageFacts(head.pipeline) : null,
      base: base ? coverageFacts(base.pipeline) : null,
    };
  }

  mergeRequests.headPipelinesFrom(headPipelinesOf);
  // A pipeline's status changed: the requests whose head it is are announced (their checks and
  // widget changed, and a waiting auto-merge looks again), as auto-merge listens from its start;
  // once it is complete, their approval states too (a Coverage-Check reads its coverage).
  // Every process hears the event and announces; auto-merge queues one look however many do.
  bus.subscribe((event) => {
    if (event.type !== 'pipeline.updated') return;
    void findPipeline(db, event.pipelineId)
      .then(async (pipeline) => {
        if (!pipeline || pipeline.tag) return;
        const finished = COMPLETE.includes(pipeline.status);
        if (pipeline.mergeRequestId !== null) {
          const row = await mergeRequests.rowById(pipeline.mergeRequestId);
          if (row && finished) await announceHeadPipelineFinished(bus, [row]);
          if (row) await announceMergeRequest(bus, row);
          return;
        }
        await mergeRequests.headPipelineMoved(
          { projectId: pipeline.projectId, ref: pipeline.ref, sha: pipeline.sha },
          { finished },
        );
      })
      // The requests' widgets and auto-merge do not hear of it: logged, the bus goes on.
      .catch((error: unknown) =>
        log.error(
          { err: error, projectId: event.projectId, pipelineId: event.pipelineId },
          'announcing a head pipeline’s change failed',
        ),
      );
  });

  return { headPipelinesOf, ofMergeRequest, coverageOf };
}

/** GitLab's complete statuses: a pipeline in one has its final coverage. */
const COMPLETE: readonly string[] = ['success', 'failed', 'canceled', 'skipped'];

const coverageFacts = (pipeline: PipelineRow): CoveragePipeline => ({
  status: pipeline.status,
  coverage: pipeline.coverage === null ? null : Number(pipeline.coverage),
});

export type HeadPipelines = ReturnType<typeof createHeadPipelines>;
