import { Flash, Spinner, UnderlineNav } from '@primer/react';
import { Link as RouterLink, useParams } from 'react-router';
import type { PipelineDetail } from '../../../shared/api/pipelinePages';
import { ApiError } from '../../api/client';
import { LoadProblem } from '../../components/LoadProblem';
import { useProjectFullPath } from '../projects/projectRoutes';
import { LoadState } from '../repository/LoadState';
import { JobsTable } from './JobsTable';
import { useCancel } from './mutations';
import { PipelineGraph } from './PipelineGraph';
import { PipelineHeader } from './PipelineHeader';
import { pipelinePage } from './pipelinePaths';
import { usePipeline, usePipelineBridges, usePipelineJobs } from './queries';
import './pipelines.css';

export type PipelineTab = 'graph' | 'builds';

/** `{project}/-/pipelines/{id}` (the graph) and `/builds` (the Jobs tab), polled while it runs. */
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
  if (!pipeline.data) return <LoadProblem error={pipeline.error ?? new Error('No pipeline')} />;
  return (
    <div className="stack">
      <PipelineHeader
        fullPath={fullPath}
        pipeline={pipeline.data}
        onCancel={() => cancel.mutate(id)}
        canceling={cancel.isPending}
      />
      {cancel.isError && <Flash variant="danger">{cancel.error.message}</Flash>}
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
  const bridges = usePipelineBridges(fullPath, pipeline.id);
  const base = pipelinePage(fullPath, pipeline.id);
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
      </UnderlineNav>
      {!jobs.data ? (
        <LoadState error={jobs.error} what="jobs" />
      ) : jobs.data.length === 0 && !bridges.data?.length ? (
        <p className="muted">This pipeline has no jobs.</p>
      ) : tab === 'graph' ? (
        <PipelineGraph
          fullPath={fullPath}
          stages={pipeline.stages}
          jobs={jobs.data}
          bridges={bridges.data}
          upstream={pipeline.triggered_by}
        />
      ) : (
        <JobsTable fullPath={fullPath} jobs={jobs.data} permissions={pipeline.permissions} />
      )}
    </>
  );
}
