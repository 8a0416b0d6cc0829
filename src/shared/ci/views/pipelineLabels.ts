import { pipelineTypePopover, type MergeRequestEventType, type PipelineTypePopover } from './pipelineTypes';

/**
 * A label beside a pipeline's id in the list and on its page, as GitLab's pipeline labels show
 * them; a merge request pipeline's type label explains itself in a popover (002 section 2).
 */
export type PipelineLabel = {
  text: string;
  variant: 'accent' | 'danger' | 'secondary';
  popover: PipelineTypePopover | null;
};

/** The labels of a pipeline, from what it was made by and its configuration's errors. */
export function pipelineLabels(pipeline: {
  source: string;
  yamlErrors: string | null;
  mergeRequestEventType: MergeRequestEventType | null;
}): PipelineLabel[] {
  const labels: PipelineLabel[] = [];
  const plain = (text: string, variant: PipelineLabel['variant'] = 'secondary') =>
    labels.push({ text, variant, popover: null });
  if (pipeline.source === 'schedule') plain('Scheduled', 'accent');
  if (pipeline.source === 'trigger') plain('trigger token');
  if (pipeline.source === 'parent_pipeline') plain('child pipeline');
  const popover = pipelineTypePopover({
    mergeRequestEventType: pipeline.mergeRequestEventType,
    mergeTrainPipeline: false,
  });
  if (popover) labels.push({ text: popover.title, variant: 'accent', popover });
  if (pipeline.yamlErrors) plain('yaml invalid', 'danger');
  return labels;
}
