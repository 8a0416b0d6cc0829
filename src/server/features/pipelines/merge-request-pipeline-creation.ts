import type { CurrentUser } from '../../auth/current-user';
import { listChangedFiles } from '../../git/diff';
import { ZERO_SHA, readRef, updateRef } from '../../git/repository';
import type { LabelsService } from '../labels/labels.service';
import type { ProjectContext } from '../projects/projects.service';
import type {
  CreatePipelineResult,
  MergeRequestOfPipeline,
  PipelineCreation,
} from './pipeline-creation.service';

/** GitLab's `MergeRequest#ref_path`: the request's source head, kept in the target project. */
export const mergeRequestHeadRef = (iid: number) => `refs/merge-requests/${iid}/head`;

/** The merge request a pipeline runs for, as far as its pipeline and CI_MERGE_REQUEST_* go. */
export type PipelineMergeRequest = {
  id: number;
  iid: number;
  title: string;
  sourceBranch: string;
  targetBranch: string;
  draft: boolean;
  /** The source branch head the request is at: what a detached pipeline runs. */
  headSha: string;
  /** The latest diff version's merge base (CI_MERGE_REQUEST_DIFF_BASE_SHA, `changes`). */
  diffBaseSha: string | null;
  assignees?: string[];
};

export type CreateMergeRequestPipelineInput = {
  /** The target project: merge request pipelines run there (same-project requests). */
  ctx: ProjectContext;
  mergeRequest: PipelineMergeRequest;
  user: CurrentUser;
} & (
  | { eventType: 'detached' }
  | {
      eventType: 'merged_result' | 'merge_train';
      /**
       * The commit to run (a merge of the source head into `targetSha`, or into the cars ahead of
       * it on a train), and the ref that keeps it: `refs/merge-requests/:iid/merge` or `/train`.
       */
      merged: { ref: string; sha: string; targetSha: string };
    }
);

/**
 * Creates one merge request pipeline (`source: merge_request_event`), whichever kind: a detached
 * pipeline runs the request's head on `refs/merge-requests/:iid/head` (written here, as GitLab
 * keeps it); merged results and merge train pipelines run the merge commit the caller made, on the
 * ref that holds it. Jobs are those the configuration keeps for `merge_request_event` (rules on
 * `$CI_PIPELINE_SOURCE`, `only: [merge_requests]`); when it keeps none, no pipeline is made.
 * Merge trains call this for each car with `eventType: 'merge_train'`.
 */
export function createMergeRequestPipelineCreation({
  creation,
  labels,
}: {
  creation: Pick<PipelineCreation, 'create'>;
  labels: Pick<LabelsService, 'labelsOn'>;
}) {
  async function createMergeRequestPipeline(
    input: CreateMergeRequestPipelineInput,
  ): Promise<CreatePipelineResult> {
    const { ctx, mergeRequest: mr } = input;
    const run =
      input.eventType === 'detached'
        ? { ref: mergeRequestHeadRef(mr.iid), sha: mr.headSha, targetSha: null }
        : input.merged;
    if (input.eventType === 'detached') await keepHeadRef(ctx.gitDir, mr.iid, mr.headSha);
    // `changes:` in a merge request pipeline compares with the request's diff, as GitLab's modified paths do.
    const changedPaths = mr.diffBaseSha
      ? (await listChangedFiles(ctx.gitDir, mr.diffBaseSha, mr.headSha)).flatMap((file) => [
          ...new Set([file.oldPath, file.newPath]),
        ])
      : null;
    const facts: MergeRequestOfPipeline = {
      id: mr.id,
      iid: mr.iid,
      title: mr.title,
      sourceBranch: mr.sourceBranch,
      targetBranch: mr.targetBranch,
      sourceSha: mr.headSha,
      targetSha: run.targetSha,
      ...(mr.diffBaseSha ? { diffBaseSha: mr.diffBaseSha } : {}),
      eventType: input.eventType,
      // CI_MERGE_REQUEST_LABELS: the request's labels as they are when its pipeline is made.
      labels: ((await labels.labelsOn('MergeRequest', [mr.id])).get(mr.id) ?? []).map((label) => label.title),
      assignees: mr.assignees ?? [],
      draft: mr.draft,
    };
    return creation.create({
      ctx,
      ref: run.ref,
      tag: false,
      sha: run.sha,
      beforeSha: null,
      source: 'merge_request_event',
      user: input.user,
      // Merge request refs are never protected: their jobs get no protected variables or runners.
      protectedRef: false,
      changedPaths,
      mergeRequest: facts,
    });
  }

  return { createMergeRequestPipeline };
}

export type MergeRequestPipelineCreation = ReturnType<typeof createMergeRequestPipelineCreation>;

/** Points `refs/merge-requests/:iid/head` at the request's head (compare-and-swap; a racing writer's equal value is fine). */
async function keepHeadRef(gitDir: string, iid: number, sha: string): Promise<void> {
  const ref = mergeRequestHeadRef(iid);
  const current = await readRef(gitDir, ref);
  if (current === sha) return;
  if (await updateRef(gitDir, ref, sha, current ?? ZERO_SHA)) return;
  if ((await readRef(gitDir, ref)) !== sha) throw new Error(`${ref} moved while it was written`);
}
