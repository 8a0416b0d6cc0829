import { Flash, Spinner, UnderlineNav } from '@primer/react';
import { useDeferredValue, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { PipelineDetail } from '../../../shared/api/pipelinePages';
import { ApiError } from '../../api/client';
import { LoadProblem } from '../../components/LoadProblem';
import { pipelineHeaderErrorText } from '../../../shared/ci/views/pipelineErrors';
import { useProjectFullPath } from '../projects/projectRoutes';
import { LoadState } from '../repository/LoadState';
import { failedJobs, FailuresTab } from './FailuresTab';
import { GraphViewSelector, storedViewType, storeViewType, type GraphViewType } from './GraphViewSelector';
import { JobsTable } from './JobsTable';
import { ManualVariablesTab } from './ManualVariablesTab';
import { useCancel } from './mutations';
import { PipelineGraph } from './PipelineGraph';
import { PipelineGraphAlert } from './PipelineGraphAlert';
import { PipelineHeader } from './PipelineHeader';
import { pipelinePage } from './pipelinePaths';
import { isSettled, usePipeline, usePipelineBridges, usePipelineJobs, usePipelineNeeds } from './queries';
import { useTestReportSummary } from './testReportQueries';
import { TestReportsTab } from './TestReportsTab';
import './pipelines.css';

export type PipelineTab = 'graph' | 'builds' | 'failures' | 'test_report' | 'manual_variables';

/**
 * `{project}/-/pipelines/{id}` (the graph), `/builds` (the Jobs tab), `/failures` (shown when a
 * job failed), `/test_report` (Tests) and `/manual_variables` (for those who may read the
 * variables it was run with, when it has some), polled while it runs.
 */
export function PipelinePage({ tab }: { tab: PipelineTab }) {
  const fullPath = useProjectFullPath();
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <LoadProblem error={new ApiError(404, 'Not found')} />;
  return <PipelineLoader fullPath={fullPath} id={id} tab={tab} />;
}

function PipelineLoader({ fullPath, id, tab }: { fullPath: string; id: number; tab: PipelineTab }) {
  const pipeline = usePipeline(fullPath, id);
  const cancel = useCancel(fullPath, 'pipelines');
  if (pipeline.isPending) return <Spinner srText="Loading pipeline" />;
  if (!pipeline.data) {
    const error = pipeline.error ?? new Error('No pipeline');
    // Not found reads as GitLab's 404; any other failure is the header's load_failure.
    if (error instanceof ApiError && error.status === 404) return <LoadProblem error={error} />;
    return (
      <Flash variant="danger" role="alert">
        {pipelineHeaderErrorText('load_failure')}
      </Flash>
    );
  }
  return (
    <div className="stack">
      <PipelineHeader
        fullPath={fullPath}
        pipeline={pipeline.data}
        onCancel={() => cancel.mutate(id)}
        canceling={cancel.isPending}
      />
      {cancel.isError && (
        <Flash variant="danger" role="alert">
          {pipelineHeaderErrorText('post_failure')}
        </Flash>
      )}
      {pipeline.data.yaml_errors && (
        <Flash variant="danger" className="ci-yaml-errors">
          <strong>Unable to create pipeline</strong>
          <p>{pipeline.data.yaml_errors}</p>
        </Flash>
      )}
      <PipelineTabs fullPath={fullPath} pipeline={pipeline.data} tab={tab} />
    </div>
  );
}

function PipelineTabs({
  fullPath,
  pipeline,
  tab,
}: {
  fullPath: string;
  pipeline: PipelineDetail;
  tab: PipelineTab;
}) {
  const jobs = usePipelineJobs(fullPath, pipeline.id);
  const tests = useTestReportSummary(fullPath, pipeline.id, isSettled(pipeline.status));
  const failed = failedJobs(jobs.data ?? []);
  const bridges = usePipelineBridges(fullPath, pipeline.id);
  const needs = usePipelineNeeds(fullPath, pipeline.id);
  const [viewType, setViewType] = useState<GraphViewType>(storedViewType);
  const chooseViewType = (type: GraphViewType) => {
    setViewType(type);
    storeViewType(type);
  };
  // As GitLab: links are off on each page load, and kept while the views switch.
  const [showLinks, setShowLinks] = useState(false);
  // A kept "Job dependencies" applies only where the view can be chosen: pipelines using `needs`.
  // As GitLab's selector, which paints its choice before the graph's work: the graph follows in a
  // render of its own, so a 500-job switch does not hold the click's paint back.
  const shownViewType = useDeferredValue(viewType);
  const linksShown = useDeferredValue(showLinks);
  const layerNeeds = needs.data?.usesNeeds && shownViewType === 'layer' ? needs.data.needs : null;
  const base = pipelinePage(fullPath, pipeline.id);
  const manualVariables = pipeline.manual_variables_count ?? 0;
  return (
    <>
      <UnderlineNav aria-label="Pipeline tabs">
        <UnderlineNav.Item as={RouterLink} to={base} aria-current={tab === 'graph' ? 'page' : undefined}>
          Pipeline
        </UnderlineNav.Item>
        <UnderlineNav.Item
          as={RouterLink}
          to={`${base}/builds`}
          aria-current={tab === 'builds' ? 'page' : undefined}
          counter={jobs.data?.length}
        >
          Jobs
        </UnderlineNav.Item>
        {failed.length > 0 && (
          <UnderlineNav.Item
            as={RouterLink}
            to={`${base}/failures`}
            aria-current={tab === 'failures' ? 'page' : undefined}
            counter={failed.length}
          >
            Failures
          </UnderlineNav.Item>
        )}
        <UnderlineNav.Item
          as={RouterLink}
          to={`${base}/test_report`}
          aria-current={tab === 'test_report' ? 'page' : undefined}
          counter={tests.data?.total.count}
        >
          Tests
        </UnderlineNav.Item>
        {manualVariables > 0 && (
          <UnderlineNav.Item
            as={RouterLink}
            to={`${base}/manual_variables`}
            aria-current={tab === 'manual_variables' ? 'page' : undefined}
            counter={manualVariables}
          >
            Manual variables
          </UnderlineNav.Item>
        )}
      </UnderlineNav>
      {tab === 'manual_variables' ? (
        <ManualVariablesTab fullPath={fullPath} pipelineId={pipeline.id} />
      ) : tab === 'test_report' ? (
        tests.data ? (
          <TestReportsTab fullPath={fullPath} pipelineId={pipeline.id} summary={tests.data} />
        ) : (
          <LoadState error={tests.error} what="test report" />
        )
      ) : !jobs.data ? (
        tab === 'graph' && jobs.error ? (
          <PipelineGraphAlert errorKey="load_failure" cause={jobs.error} />
        ) : (
          <LoadState error={jobs.error} what="jobs" />
        )
      ) : jobs.data.length === 0 && !bridges.data?.length ? (
        <p className="muted">This pipeline has no jobs.</p>
      ) : tab === 'graph' ? (
        <>
          {needs.isError && <PipelineGraphAlert errorKey="load_failure" cause={needs.error} />}
          {needs.data?.usesNeeds && (
            <GraphViewSelector
              type={viewType}
              onType={chooseViewType}
              showLinks={showLinks}
              onShowLinks={setShowLinks}
              switching={viewType !== shownViewType}
              drawingLinks={showLinks !== linksShown}
            />
          )}
          <PipelineGraph
            fullPath={fullPath}
            pipelineId={pipeline.id}
            stages={pipeline.stages}
            jobs={jobs.data}
            bridges={bridges.data}
            upstream={pipeline.triggered_by}
            needs={layerNeeds}
            showLinks={linksShown}
            metricsPath={pipeline.metrics_path}
          />
        </>
      ) : tab === 'failures' ? (
        <FailuresTab fullPath={fullPath} jobs={failed} permissions={pipeline.permissions} />
      ) : (
        <JobsTable fullPath={fullPath} jobs={jobs.data} permissions={pipeline.permissions} />
      )}
    </>
  );
}
