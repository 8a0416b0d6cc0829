/** GitLab's `PipelineMergeRequestEventType`: which kind of merge request pipeline a pipeline is. */
export type MergeRequestEventType = 'MERGED_RESULT' | 'DETACHED' | 'MERGE_TRAIN';

const MERGED_RESULT_REF = /^refs\/merge-requests\/\d+\/merge$/;
const MERGE_TRAIN_REF = /^refs\/merge-requests\/\d+\/train$/;

/**
 * Null for a pipeline that is not a merge request's (a branch, tag, API or schedule pipeline); a
 * merge request pipeline runs on the request's merge ref (merged results), its train ref (a
 * merge train car), or else on its head (detached).
 */
export function mergeRequestEventType(pipeline: {
  source: string;
  ref: string;
}): MergeRequestEventType | null {
  if (pipeline.source !== 'merge_request_event') return null;
  if (MERGED_RESULT_REF.test(pipeline.ref)) return 'MERGED_RESULT';
  if (MERGE_TRAIN_REF.test(pipeline.ref)) return 'MERGE_TRAIN';
  return 'DETACHED';
}
