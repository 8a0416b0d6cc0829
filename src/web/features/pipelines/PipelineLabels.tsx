import { Label } from '@primer/react';
import type { PipelinePageItem } from '../../../shared/api/pipelinePages';
import { pipelineLabels } from '../../../shared/ci/views/pipelineLabels';
import { PipelineTypeHelp } from './PipelineTypeHelp';

/** A pipeline's labels in the list and on its page: its type (with the popover that explains it) and others. */
export function PipelineLabels({ pipeline }: { pipeline: PipelinePageItem }) {
  const labels = pipelineLabels({
    source: pipeline.source,
    yamlErrors: pipeline.yaml_errors,
    mergeRequestEventType: pipeline.merge_request_event_type,
  });
  return labels.map((label) =>
    label.popover ? (
      <PipelineTypeHelp key={label.text} popover={label.popover} asLabel />
    ) : (
      <Label key={label.text} variant={label.variant}>
        {label.text}
      </Label>
    ),
  );
}
