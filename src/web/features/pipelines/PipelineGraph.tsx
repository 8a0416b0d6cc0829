import { Link as RouterLink } from 'react-router';
import type { PipelineStage } from '../../../shared/api/pipelinePages';
import type { Job } from '../../../shared/api/pipelines';
import { CiStatusIcon } from '../../components/CiStatusIcon';
import { jobLook, pipelineLook } from '../../components/ciStatusLook';
import { jobPage } from './pipelinePaths';
import { stageColumns } from './stageColumns';

/** The pipeline graph by stages: a column per stage, a job item per job, each leading to its job page. */
export function PipelineGraph({
  fullPath,
  stages,
  jobs,
}: {
  fullPath: string;
  stages: PipelineStage[];
  jobs: Job[];
}) {
  return (
    <div className="ci-graph" role="group" aria-label="Pipeline graph">
      {stageColumns(stages, jobs).map(({ stage, jobs: stageJobs }) => {
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
    </div>
  );
}

/** A job item: status icon and name; a failed job is marked as GitLab marks its failed group. */
function JobItem({ fullPath, job }: { fullPath: string; job: Job }) {
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
