/**
 * GitLab's kinds of merge request pipeline (`Ci::Pipeline#merge_request_event_type`): one run on
 * the source branch alone (detached), on the merge ref (the merged result), or for a car of a
 * merge train. A branch or tag pipeline has none.
 */
export const MERGE_REQUEST_EVENT_TYPES = ['detached', 'merged_result', 'merge_train'] as const;
export type MergeRequestEventType = (typeof MERGE_REQUEST_EVENT_TYPES)[number];

export const isMergeRequestEventType = (value: unknown): value is MergeRequestEventType =>
  typeof value === 'string' && (MERGE_REQUEST_EVENT_TYPES as readonly string[]).includes(value);

/**
 * The pipeline's event type name, the first words of the widget's pipeline sentence; the three
 * merge request kinds are the spec's "pipeline types with popovers" (000 section 9, 002 section 2).
 */
const EVENT_TYPE_NAMES: Record<MergeRequestEventType, string> = {
  merge_train: 'Merge train pipeline',
  merged_result: 'Merged results pipeline',
  detached: 'Merge request pipeline',
};

export function pipelineEventTypeName(type: MergeRequestEventType | null): string {
  return type ? EVENT_TYPE_NAMES[type] : 'Pipeline';
}

/** The explanatory popover of a pipeline type: what the pipeline ran on, in a user's words. */
export type PipelineTypePopover = { title: string; body: string };

const POPOVERS: Record<MergeRequestEventType, PipelineTypePopover> = {
  merge_train: {
    title: 'Merge train pipeline',
    body:
      'This pipeline ran on the result of merging this merge request into the target branch ' +
      'together with the merge requests ahead of it on the merge train.',
  },
  merged_result: {
    title: 'Merged results pipeline',
    body:
      'This pipeline ran on the result of merging the source branch into the target branch, ' +
      'as the target branch will be after the merge.',
  },
  detached: {
    title: 'Merge request pipeline',
    body:
      'This pipeline ran on the contents of the source branch only, not on its merge into the ' +
      'target branch.',
  },
};

/**
 * Which popover the pipeline section offers: one per merge request pipeline type, none for a
 * branch pipeline. A pipeline flagged as a merge train's is one even when its event type is
 * missing (GitLab's `flags.merge_train_pipeline`).
 */
export function pipelineTypePopover(pipeline: {
  mergeRequestEventType: MergeRequestEventType | null;
  mergeTrainPipeline: boolean;
}): PipelineTypePopover | null {
  if (pipeline.mergeTrainPipeline) return POPOVERS.merge_train;
  return pipeline.mergeRequestEventType ? POPOVERS[pipeline.mergeRequestEventType] : null;
}
