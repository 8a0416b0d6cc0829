import { XIcon } from '@primer/octicons-react';
import { Flash, IconButton } from '@primer/react';
import { memo, useMemo, useState, useTransition } from 'react';
import type { PipelineStage, UpstreamPipeline } from '../../../shared/api/pipelinePages';
import type { Bridge, Job } from '../../../shared/api/pipelines';
import { linksShownByDefault } from '../../../shared/ci/views/jobLinks';
import { CiStatusIcon } from '../../components/CiStatusIcon';
import { pipelineLook } from '../../components/ciStatusLook';
import { DownstreamPipelines, UpstreamPipelineLink } from './DownstreamPipelines';
import { downstreamCards } from './downstreamPipelines';
import { JobItem, type GraphJob, type JobItemActions } from './JobItem';
import { usePipelineJobStatuses } from './jobStatusQueries';
import { LayerView } from './LayerView';
import { LinksAlert } from './LinksLayer';
import { PipelineGraphAlert } from './PipelineGraphAlert';
import { stageColumns } from './stageColumns';
import { useGraphLayers } from './useGraphLayers';

/** One empty list, so that a graph without bridges keeps its job list from render to render. */
const NO_BRIDGES: Bridge[] = [];

/**
 * The pipeline graph by stages: a column per stage, a job item per job (bridges too), each leading
 * to its job page; the upstream pipeline before the stages and the downstream ones after them.
 * Given `needs` (job name to the jobs it waits for), it is grouped by job dependencies instead:
 * a column per layer of needs, with no stage names, as GitLab's "Job dependencies" view, and with
 * `showLinks` ("Show dependencies") the links between them; above GitLab's threshold of job items
 * they are drawn only once "Show links anyways" is pressed. Each job item shows its detailed status
 * as the server decides it, with its action button; an action that fails says so above the
 * graph. Memoized: the page's first render of a
 * choice, painted before the graph follows it, leaves the graph be.
 */
export const PipelineGraph = memo(function PipelineGraph({
  fullPath,
  pipelineId,
  stages,
  jobs,
  bridges = NO_BRIDGES,
  upstream = null,
  needs = null,
  showLinks = false,
  metricsPath = null,
}: {
  fullPath: string;
  /** Whose jobs' detailed statuses (and so their action buttons) the items show. */
  pipelineId: number;
  stages: PipelineStage[];
  jobs: Job[];
  bridges?: Bridge[];
  upstream?: UpstreamPipeline | null;
  needs?: ReadonlyMap<string, string[]> | null;
  showLinks?: boolean;
  /** Where the page reports the graph's performance metrics; null: no report. */
  metricsPath?: string | null;
}) {
  const downstream = downstreamCards(bridges);
  const graphJobs: GraphJob[] = useMemo(() => [...jobs, ...bridges], [jobs, bridges]);
  const withNeeds = useMemo(
    () => (needs ? graphJobs.map((job) => ({ ...job, needs: needs.get(job.name) ?? [] })) : null),
    [graphJobs, needs],
  );
  const layout = useGraphLayers(withNeeds, metricsPath);
  // A layout that failed shows GitLab's draw failure over the graph by stages.
  const layers = layout && 'layers' in layout ? layout.layers : null;
  const [linksAnyways, setLinksAnyways] = useState(false);
  const [, startDrawing] = useTransition();
  const linksHeld = showLinks && !linksAnyways && !linksShownByDefault(graphJobs.length);
  const statuses = usePipelineJobStatuses(fullPath, pipelineId).data;
  const [actionError, setActionError] = useState<string | null>(null);
  // One object for every item and render: the items are memoized.
  const actions: JobItemActions = useMemo(() => ({ onActionError: setActionError }), []);
  return (
    <>
      {actionError && (
        <Flash variant="danger" role="alert" className="ci-graph__alert">
          {actionError}
          <IconButton
            icon={XIcon}
            variant="invisible"
            size="small"
            aria-label="Dismiss"
            onClick={() => setActionError(null)}
          />
        </Flash>
      )}
      {layout && 'drawFailure' in layout && <PipelineGraphAlert errorKey="draw_failure" />}
      {layers && linksHeld && (
        <LinksAlert onShowLinksAnyways={() => startDrawing(() => setLinksAnyways(true))} />
      )}
      <div className="ci-graph" role="group" aria-label="Pipeline graph">
        {upstream && <UpstreamPipelineLink upstream={upstream} />}
        {withNeeds && layers ? (
          <LayerView
            fullPath={fullPath}
            jobs={withNeeds}
            layers={layers}
            drawLinks={showLinks && !linksHeld}
            statuses={statuses}
            actions={actions}
          />
        ) : (
          stageColumns(stages, graphJobs).map(({ stage, jobs: stageJobs }) => {
            const look = pipelineLook(stage.status, stage.warnings);
            return (
              <section
                key={stage.name}
                id={`stage-${stage.name}`}
                className="ci-graph__stage"
                aria-label={`Stage ${stage.name}`}
              >
                <h3 className="ci-graph__stage-name">
                  <CiStatusIcon icon={look.icon} label={look.label} />
                  {stage.name}
                </h3>
                <ul className="ci-graph__jobs">
                  {stageJobs.map((job) => (
                    <JobItem
                      key={job.id}
                      fullPath={fullPath}
                      job={job}
                      status={statuses?.get(job.id)}
                      actions={actions}
                    />
                  ))}
                </ul>
              </section>
            );
          })
        )}
        {downstream.length > 0 && <DownstreamPipelines cards={downstream} />}
      </div>
    </>
  );
});
