import { AlertIcon, XCircleFillIcon } from '@primer/octicons-react';
import { Link as RouterLink } from 'react-router';
import type { CachedWidget, LinkedPipeline, WidgetPipeline } from '../../../shared/api/mergeWidget';
import type { PipelineStage } from '../../../shared/api/pipelinePages';
import { coverageDelta } from '../../../shared/ci/views/coverageDelta';
import { pipelineTypePopover, type MergeRequestEventType } from '../../../shared/ci/views/pipelineTypes';
import { useQueryClient } from '@tanstack/react-query';
import {
  PIPELINE_MUST_RUN,
  PIPELINE_STATUS_FAILED,
  RETARGETED_RUN_PIPELINE,
} from '../../../shared/merge-widget/messages';
import { pipelineSection } from '../../../shared/merge-widget/pipelineSection';
import { pipelineSentence, pipelineSummary } from '../../../shared/merge-widget/pipelineSummary';
import { CiStatusIcon } from '../../components/CiStatusIcon';
import { TimeAgo } from '../../components/TimeAgo';
import { PipelineMiniGraph } from '../pipelines/mini-graph/PipelineMiniGraph';
import { PipelineTypeHelp } from '../pipelines/PipelineTypeHelp';
import { RunMergeRequestPipeline } from '../pipelines/RunMergeRequestPipeline';
import { useDownloadableArtifacts, usePipelines } from '../pipelines/queries';
import { ArtifactsDropdown, ExposedArtifacts } from './PipelineArtifacts';
import { forgetWidgetEtags, widgetKeys } from './queries';
import { WidgetRow } from './WidgetRow';

/**
 * The pipeline section of an open request (spec 000 section 2): the head pipeline, or that its
 * status could not be read; where the project requires a pipeline and none ran, that one must run.
 */
export function PipelineSection({
  cached,
  onPipelineAction,
}: {
  cached: CachedWidget;
  onPipelineAction: () => void;
}) {
  const section = pipelineSection({
    hasCi: cached.has_ci,
    pipelineStatus: cached.pipeline?.details.status.group ?? null,
    pipelineMustSucceed: cached.only_allow_merge_if_pipeline_succeeds,
  });
  const retargeted = cached.retargeted && <RetargetedRow cached={cached} />;
  if (section === 'pipeline' && cached.pipeline)
    return (
      <>
        {retargeted}
        <PipelineBox
          label="Pipeline"
          fullPath={cached.target_project_full_path}
          pipeline={fromWidget(cached.pipeline)}
          targetBranch={cached.target_branch}
          onPipelineAction={onPipelineAction}
        />
      </>
    );
  if (section === 'pipelineStatusFailed')
    return (
      <>
        {retargeted}
        <section className="box" aria-label="Pipeline">
          <WidgetRow icon={<XCircleFillIcon className="mw-icon--danger" />}>
            <p>{PIPELINE_STATUS_FAILED}</p>
          </WidgetRow>
        </section>
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

/** A pipeline as the section shows it, whether the widget's head pipeline or a list's post-merge one. */
export type SectionPipeline = {
  id: number;
  path: string;
  status: WidgetPipeline['details']['status'];
  eventTypeName: string;
  mergeRequestEventType: MergeRequestEventType | null;
  mergeTrainPipeline: boolean;
  commit: { short_id: string; commit_path: string };
  branch: string;
  finishedAt: string | null;
  coverage: string | null;
  stages: PipelineStage[];
  upstream: LinkedPipeline | null;
  downstream: LinkedPipeline[];
};

const fromWidget = (pipeline: WidgetPipeline): SectionPipeline => ({
  id: pipeline.id,
  path: pipeline.path,
  status: pipeline.details.status,
  eventTypeName: pipeline.details.event_type_name,
  mergeRequestEventType: pipeline.merge_request_event_type,
  mergeTrainPipeline: pipeline.flags.merge_train_pipeline,
  commit: pipeline.commit,
  branch: pipeline.ref.branch,
  finishedAt: pipeline.details.finished_at,
  coverage: pipeline.coverage,
  stages: pipeline.details.stages,
  upstream: pipeline.triggered_by,
  downstream: pipeline.triggered,
});

type BoxProps = {
  label: string;
  fullPath: string;
  pipeline: SectionPipeline;
  /** The branch whose latest passed pipeline the coverage is compared with; none after the merge. */
  targetBranch: string | null;
  onPipelineAction: () => void;
};

/**
 * One pipeline's section: its status icon, "<event type> #id <status> for <commit> on <branch>",
 * the type's help popover, when it finished, the mini graph and the artifacts dropdown, its test
 * coverage with the delta against the target branch's pipeline, and its exposed artifacts.
 */
export function PipelineBox({ label, fullPath, pipeline, targetBranch, onPipelineAction }: BoxProps) {
  const status = pipeline.status;
  const summary = pipelineSummary({
    id: pipeline.id,
    details: { event_type_name: pipeline.eventTypeName, status },
    commit: pipeline.commit,
    ref: { branch: pipeline.branch },
  });
  const popover = pipelineTypePopover(pipeline);
  const artifacts = useDownloadableArtifacts(fullPath, pipeline.id, status.group).data;
  return (
    <section className="box" aria-label={label}>
      <WidgetRow
        // The sentence says the status and links the pipeline; the icon is its picture only.
        icon={<CiStatusIcon icon={status.icon} size={24} />}
        actions={
          <>
            <PipelineMiniGraph
              fullPath={fullPath}
              pipelineId={pipeline.id}
              pipelinePath={pipeline.path}
              stages={pipeline.stages}
              upstream={pipeline.upstream}
              downstream={pipeline.downstream}
              onActionDone={onPipelineAction}
            />
            {artifacts && <ArtifactsDropdown artifacts={artifacts.artifacts} />}
          </>
        }
      >
        <p className="mw-pipeline" aria-label={pipelineSentence(summary)} data-status={status.group}>
          {summary.type}
          {popover && <PipelineTypeHelp popover={popover} />}{' '}
          <RouterLink to={pipeline.path}>{summary.id}</RouterLink> {summary.status} for{' '}
          <RouterLink to={pipeline.commit.commit_path} className="mw-pipeline__commit">
            {summary.commit}
          </RouterLink>{' '}
          on <span className="mw-pipeline__branch">{summary.branch}</span>
          {pipeline.finishedAt && (
            <>
              {' '}
              <TimeAgo date={pipeline.finishedAt} />
            </>
          )}
        </p>
        {pipeline.coverage !== null && (
          <Coverage fullPath={fullPath} coverage={pipeline.coverage} targetBranch={targetBranch} />
        )}
      </WidgetRow>
      {artifacts && <ExposedArtifacts exposed={artifacts.exposed_artifacts} />}
    </section>
  );
}

/** "Test coverage 82.50% (+2.50%)": the delta against the target branch's latest passed pipeline, coloured by sign. */
function Coverage({
  fullPath,
  coverage,
  targetBranch,
}: {
  fullPath: string;
  coverage: string;
  targetBranch: string | null;
}) {
  return (
    <p className="mw-pipeline__coverage">
      Test coverage {coverage}%
      {targetBranch && <CoverageDelta fullPath={fullPath} coverage={coverage} targetBranch={targetBranch} />}
    </p>
  );
}

function CoverageDelta({
  fullPath,
  coverage,
  targetBranch,
}: {
  fullPath: string;
  coverage: string;
  targetBranch: string;
}) {
  const target = usePipelines(fullPath, 1, { ref: targetBranch, status: 'success' }, 1);
  const delta = coverageDelta(coverage, target.data?.pipelines[0]?.coverage);
  if (!delta) return null;
  return (
    <>
      {' '}
      <span
        className={`mw-coverage-delta mw-coverage-delta--${delta.sign}`}
        data-sign={delta.sign}
        title={`Compared with the latest passed pipeline of ${targetBranch}`}
      >
        ({delta.text}%)
      </span>
    </>
  );
}
