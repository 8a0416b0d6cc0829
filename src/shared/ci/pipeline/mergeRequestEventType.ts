/** The three kinds of merge request pipeline (CI_MERGE_REQUEST_EVENT_TYPE). */
export type MergeRequestEventType = 'detached' | 'merged_result' | 'merge_train';

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

/** GitLab's `event_type_name` of a pipeline, as the widget names it (spec 000 section 9's pipeline types). */
export function pipelineEventTypeName(pipeline: PipelineKindFacts): string {
  const type = mergeRequestEventType(pipeline);
  switch (type) {
    case 'merge_train':
      return 'Merge train pipeline';
    case 'merged_result':
      return 'Merged results pipeline';
    case 'detached':
      return 'Merge request pipeline';
    case null:
      return 'Pipeline';
  }
}
