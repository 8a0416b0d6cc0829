import { AlertIcon } from '@primer/octicons-react';
import type { CachedWidget } from '../../../shared/api/mergeWidget';
import { PIPELINE_MUST_RUN } from '../../../shared/merge-widget/messages';
import { pipelineSection } from '../../../shared/merge-widget/pipelineSection';
import { WidgetRow } from './WidgetRow';

/**
 * The pipeline section of an open request. Until the pipelines feature brings a pipeline to show,
 * it appears where the project requires one to succeed, and says that one must run.
 */
export function PipelineSection({ cached }: { cached: CachedWidget }) {
  const section = pipelineSection({
    hasCi: cached.has_ci,
    pipelineMustSucceed: cached.only_allow_merge_if_pipeline_succeeds,
  });
  // 'pipeline' is the pipelines feature's to draw; it has none to show yet.
  if (section !== 'pipelineMustRun') return null;
  return (
    <section className="box" aria-label="Pipeline">
      <WidgetRow icon={<AlertIcon className="mw-icon--attention" />}>
        <p>{PIPELINE_MUST_RUN}</p>
      </WidgetRow>
    </section>
  );
}
