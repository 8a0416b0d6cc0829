import { AlertIcon } from '@primer/octicons-react';
import { Link as RouterLink } from 'react-router';
import type { CachedWidget, WidgetPipeline } from '../../../shared/api/mergeWidget';
import { useQueryClient } from '@tanstack/react-query';
import { PIPELINE_MUST_RUN, RETARGETED_RUN_PIPELINE } from '../../../shared/merge-widget/messages';
import { pipelineSection } from '../../../shared/merge-widget/pipelineSection';
import { pipelineSentence, pipelineSummary } from '../../../shared/merge-widget/pipelineSummary';
import { CiStatusIcon } from '../../components/CiStatusIcon';
import { MiniGraph } from '../../components/MiniGraph';
import { TimeAgo } from '../../components/TimeAgo';
import { RunMergeRequestPipeline } from '../pipelines/RunMergeRequestPipeline';
import { forgetWidgetEtags, widgetKeys } from './queries';
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
  const retargeted = cached.retargeted && <RetargetedRow cached={cached} />;
  if (section === 'pipeline' && cached.pipeline)
    return (
      <>
        {retargeted}
        <HeadPipeline pipeline={cached.pipeline} />
      </>
    );
  if (section !== 'pipelineMustRun') return retargeted || null;
  return (
    <section className="box" aria-label="Pipeline">
      <WidgetRow icon={<AlertIcon className="mw-icon--attention" />}>
        <p>{PIPELINE_MUST_RUN}</p>
      </WidgetRow>
    </section>
  );
}

/**
 * After a retarget (spec 000 section 6): the checks ran against the old target, so the widget asks
 * for a new pipeline, with the button that runs one, until one runs.
 */
function RetargetedRow({ cached }: { cached: CachedWidget }) {
  const queryClient = useQueryClient();
  const fullPath = cached.target_project_full_path;
  const refresh = () => {
    forgetWidgetEtags(queryClient, fullPath, cached.iid);
    void queryClient.invalidateQueries({ queryKey: widgetKeys.one(fullPath, cached.iid) });
  };
  return (
    <section className="box" aria-label="Retargeted">
      <WidgetRow icon={<AlertIcon className="mw-icon--attention" />}>
        <p>{RETARGETED_RUN_PIPELINE}</p>
        <RunMergeRequestPipeline fullPath={fullPath} iid={cached.iid} onRan={refresh} />
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
