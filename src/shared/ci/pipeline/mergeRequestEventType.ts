import type { MergeRequestEventType } from '../views/pipelineTypes';

/** What a pipeline row says of its kind: its source, ref and the target head of a merge it runs. */
export type PipelineKindFacts = { source: string; ref: string; targetSha: string | null };

/**
 * GitLab's `merge_request_event_type`: null for a pipeline that is not a merge request's; a merge
 * train car's runs on `refs/merge-requests/:iid/train`, a merged results one has a target sha,
 * any other is detached.
 */
export function mergeRequestEventType(pipeline: PipelineKindFacts): MergeRequestEventType | null {
  if (pipeline.source !== 'merge_request_event') return null;
  if (/^refs\/merge-requests\/\d+\/train$/.test(pipeline.ref)) return 'merge_train';
  return pipeline.targetSha ? 'merged_result' : 'detached';
}
