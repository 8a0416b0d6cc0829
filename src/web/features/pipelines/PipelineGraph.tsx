import { Link as RouterLink } from 'react-router';
import type { PipelineStage, UpstreamPipeline } from '../../../shared/api/pipelinePages';
import type { Bridge, Job } from '../../../shared/api/pipelines';
import { CiStatusIcon } from '../../components/CiStatusIcon';
import { jobLook, pipelineLook } from '../../components/ciStatusLook';
import { DownstreamPipelines, UpstreamPipelineLink } from './DownstreamPipelines';
import { downstreamCards } from './downstreamPipelines';
import { useMemo } from 'react';
import { PipelineGraphAlert } from './PipelineGraphAlert';
import { useGraphLayers } from './useGraphLayers';
import { jobPage } from './pipelinePaths';
import { stageColumns } from './stageColumns';

/** A job item of the graph: a job a runner runs, or a bridge (trigger job). */
type GraphJob = Pick<Job, 'id' | 'name' | 'stage' | 'status' | 'allow_failure'>;

/**
 * The pipeline graph by stages: a column per stage, a job item per job (bridges too), each leading
 * to its job page; the upstream pipeline before the stages and the downstream ones after them.
 * Given `needs` (job name to the jobs it waits for), it is grouped by job dependencies instead:
 * a column per layer of needs, with no stage names, as GitLab's "Job dependencies" view.
 */
export function PipelineGraph({
  fullPath,
  stages,
  jobs,
  bridges = [],
  upstream = null,
  needs = null,
  metricsPath = null,
}: {
  fullPath: string;
  stages: PipelineStage[];
  jobs: Job[];
  bridges?: Bridge[];
  upstream?: UpstreamPipeline | null;
  needs?: ReadonlyMap<string, string[]> | null;
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
  return (
    <>
      {layout && 'drawFailure' in layout && <PipelineGraphAlert errorKey="draw_failure" />}
      <div className="ci-graph" role="group" aria-label="Pipeline graph">
        {upstream && <UpstreamPipelineLink upstream={upstream} />}
        {layers
          ? layers.map((layer, index) => (
              <section key={index} className="ci-graph__stage" aria-label={`Layer ${index + 1}`}>
                <ul className="ci-graph__jobs">
                  {layer.map((job) => (
                    <JobItem key={job.id} fullPath={fullPath} job={job} />
                  ))}
                </ul>
              </section>
            ))
          : stageColumns(stages, graphJobs).map(({ stage, jobs: stageJobs }) => {
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
                      <JobItem key={job.id} fullPath={fullPath} job={job} />
                    ))}
                  </ul>
                </section>
              );
            })}
        {downstream.length > 0 && <DownstreamPipelines cards={downstream} />}
      </div>
    </>
  );
}

/** A job item: status icon and name; a failed job is marked as GitLab marks its failed group. */
function JobItem({ fullPath, job }: { fullPath: string; job: GraphJob }) {
  const look = jobLook(job);
  return (
    <li>
      <RouterLink
        to={jobPage(fullPath, job.id)}
        className={`ci-job-item${look.group === 'failed' ? ' ci-job-item--failed' : ''}`}
        title={`${job.name} - ${look.label}`}
      >
        <CiStatusIcon icon={look.icon} label={look.label} />
        <span className="ci-job-item__name">{job.name}</span>
      </RouterLink>
    </li>
  );
}
