import { AlertIcon } from '@primer/octicons-react';
import { Link as RouterLink } from 'react-router';
import type { CachedWidget, WidgetPipeline } from '../../../shared/api/mergeWidget';
import { PIPELINE_MUST_RUN } from '../../../shared/merge-widget/messages';
import { pipelineSection } from '../../../shared/merge-widget/pipelineSection';
import { pipelineSentence, pipelineSummary } from '../../../shared/merge-widget/pipelineSummary';
import { CiStatusIcon } from '../../components/CiStatusIcon';
import { MiniGraph } from '../../components/MiniGraph';
import { TimeAgo } from '../../components/TimeAgo';
import { WidgetRow } from './WidgetRow';

/**
 * The pipeline section of an open request (spec 000 section 2): the head pipeline's status icon,
 * "Pipeline #id passed for <commit> on <branch>", its stages and when it finished; where the
 * project requires a pipeline and none ran, that one must run.
 */
export function PipelineSection({ cached }: { cached: CachedWidget }) {
  const section = pipelineSection({
    hasCi: cached.has_ci,
    pipelineMustSucceed: cached.only_allow_merge_if_pipeline_succeeds,
  });
  if (section === 'pipeline' && cached.pipeline) return <HeadPipeline pipeline={cached.pipeline} />;
  if (section !== 'pipelineMustRun') return null;
  return (
    <section className="box" aria-label="Pipeline">
      <WidgetRow icon={<AlertIcon className="mw-icon--attention" />}>
        <p>{PIPELINE_MUST_RUN}</p>
      </WidgetRow>
    </section>
  );
}

function HeadPipeline({ pipeline }: { pipeline: WidgetPipeline }) {
  const summary = pipelineSummary(pipeline);
  const status = pipeline.details.status;
  return (
    <section className="box" aria-label="Pipeline">
      <WidgetRow
        // The sentence says the status and links the pipeline; the icon is its picture only.
        icon={<CiStatusIcon icon={status.icon} size={24} />}
        actions={<MiniGraph stages={pipeline.details.stages} pipelineUrl={pipeline.path} />}
      >
        <p className="mw-pipeline" aria-label={pipelineSentence(summary)} data-status={status.group}>
          {summary.type} <RouterLink to={pipeline.path}>{summary.id}</RouterLink> {summary.status} for{' '}
          <RouterLink to={pipeline.commit.commit_path} className="mw-pipeline__commit">
            {summary.commit}
          </RouterLink>{' '}
          on <span className="mw-pipeline__branch">{summary.branch}</span>
          {pipeline.details.finished_at && (
            <>
              {' '}
              <TimeAgo date={pipeline.details.finished_at} />
            </>
          )}
        </p>
        {pipeline.coverage !== null && (
          <p className="mw-pipeline__coverage">Test coverage {pipeline.coverage}%</p>
        )}
      </WidgetRow>
    </section>
  );
}
