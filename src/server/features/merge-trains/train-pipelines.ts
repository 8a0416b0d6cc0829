import { DEFAULT_CI_CONFIG_PATH } from '../../../shared/repository/blobPages';
import type { CurrentUser } from '../../auth/current-user';
import type { Db } from '../../db/client';
import { readPathEntry } from '../../git/tree';
import type { MergeRequestRow } from '../merge-requests/merge-request-rows';
import type { MergeRequestPipelineCreation } from '../pipelines/merge-request-pipeline-creation';
import type { ProjectContext } from '../projects/projects.service';
import { pipelineStatusOf, type CarRow } from './merge-trains.repo';
import { trainRef } from './train-ref';

/** What the train asks of CI: pipelines created on a train ref, and canceled when they no longer count. */
export type TrainCi = {
  createMergeRequestPipeline: MergeRequestPipelineCreation['createMergeRequestPipeline'];
  /** Cancels a pipeline as the server (no one to check); nothing when it finished already. */
  cancel(pipelineId: number): Promise<void>;
};

/** GitLab's words for a car whose pipeline finished without success (failed, canceled, skipped). */
export const PIPELINE_DID_NOT_SUCCEED = 'pipeline did not succeed';

/**
 * GitLab's reason for a car whose merge train pipeline could not be made (its
 * RefreshMergeRequestService#pipeline_creation_error): the creation's own message, its closing
 * period dropped, after a fixed lead.
 */
export const pipelineNotPrepared = (message: string): string =>
  `the merge train pipeline could not be prepared: ${message.replace(/^\d+:\s*/, '').replace(/\.$/, '')}`;

/** What starting a car's pipeline gave: its id, none (a project without CI), or why it could not be made. */
export type TrainStart =
  { kind: 'pipeline'; pipelineId: number } | { kind: 'none' } | { kind: 'not_created'; reason: string };

/** Where a car's pipeline stands: none (no CI), still running, passed, or finished without success. */
export type CarVerdict = 'none' | 'running' | 'passed' | 'did_not_succeed';

const RUNNING = [
  'created',
  'waiting_for_resource',
  'preparing',
  'pending',
  'running',
  'canceling',
  'manual',
  'scheduled',
];

/** A status a car's pipeline may be read in, as the train judges it. */
export function verdictOf(status: string | null): CarVerdict {
  if (status === null) return 'none';
  if (status === 'success') return 'passed';
  return RUNNING.includes(status) ? 'running' : 'did_not_succeed';
}

/**
 * Merge train pipelines (GitLab's MergeTrains::CreatePipelineService): each car's merged result,
 * kept on its train ref, runs a `merge_request_event` pipeline with CI_MERGE_REQUEST_EVENT_TYPE
 * `merge_train`. CI plugs in after the train is built (pipelines sit above merge requests); until
 * it does, or for a project without a `.gitlab-ci.yml`, cars have no pipeline and merge as before
 * (docs/decisions.md, "Merge train cars whose pipeline could not be made"). Where the project has
 * CI, a car whose pipeline is not made (workflow rules that run nothing for a train, its merged
 * result without the configuration its target has) leaves the train, as on GitLab.
 */
export function createTrainPipelines(db: Db) {
  let ci: TrainCi | null = null;

  function plugIn(port: TrainCi): void {
    ci = port;
  }

  /** Starts the pipeline of a car's merged result `sha` on top of `base`. */
  async function start(
    run: { ctx: ProjectContext; actor: CurrentUser; mr: MergeRequestRow },
    sha: string,
    base: string,
  ): Promise<TrainStart> {
    if (!ci) return { kind: 'none' };
    const { ctx, actor, mr } = run;
    const result = await ci.createMergeRequestPipeline({
      ctx,
      user: actor,
      eventType: 'merge_train',
      mergeRequest: {
        id: mr.id,
        iid: mr.iid,
        title: mr.title,
        sourceBranch: mr.sourceBranch,
        targetBranch: mr.targetBranch,
        draft: mr.draft,
        headSha: mr.headSha ?? sha,
        diffBaseSha: null,
      },
      merged: { ref: trainRef(mr.iid), sha, targetSha: base },
    });
    if (result.created) return { kind: 'pipeline', pipelineId: result.pipeline.id };
    // A project without CI (neither the result nor what it lands on has a configuration) merges
    // its cars as they come; a request that drops the target's configuration does not skip it.
    if (result.reason === 'no_config' && !(await readPathEntry(ctx.gitDir, base, DEFAULT_CI_CONFIG_PATH)))
      return { kind: 'none' };
    return { kind: 'not_created', reason: pipelineNotPrepared(result.message) };
  }

  /** Cancels a pipeline that no longer decides anything (its car restarted, left or merged). */
  async function cancel(pipelineId: number | null): Promise<void> {
    if (ci && pipelineId !== null) await ci.cancel(pipelineId);
  }

  async function verdict(car: Pick<CarRow, 'pipelineId'>): Promise<CarVerdict> {
    if (car.pipelineId === null) return 'none';
    return verdictOf(await pipelineStatusOf(db, car.pipelineId));
  }

  return { plugIn, start, cancel, verdict };
}

export type TrainPipelines = ReturnType<typeof createTrainPipelines>;
