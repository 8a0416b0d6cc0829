import { Button, Flash, Spinner } from '@primer/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { UpstreamPipeline } from '../../../shared/api/pipelinePages';
import { CiStatusIcon } from '../../components/CiStatusIcon';
import { jobLook, pipelineLook } from '../../components/ciStatusLook';
import { visibleDownstream, sortDownstreamJobs, type DownstreamCard } from './downstreamPipelines';
import { jobPage, pipelinePage } from './pipelinePaths';
import { useDownstreamJobs } from './queries';

/** The pipeline that triggered this one, left of the stages. */
export function UpstreamPipelineLink({ upstream }: { upstream: UpstreamPipeline }) {
  const look = pipelineLook(upstream.status);
  return (
    <section className="ci-graph__linked" aria-label="Upstream">
      <h3 className="ci-graph__stage-name">Upstream</h3>
      <RouterLink
        to={upstream.path}
        className="ci-linked-pipeline"
        title={`${upstream.project.name} - ${look.label}`}
      >
        <CiStatusIcon icon={look.icon} label={look.label} />
        <span>
          <span className="ci-linked-pipeline__project">{upstream.project.name}</span>
          <span className="ci-linked-pipeline__meta">
            #{upstream.id} · {upstream.source_job.name}
          </span>
        </span>
      </RouterLink>
    </section>
  );
}

/** The downstream pipelines right of the stages: three, then a +N control that shows the rest. */
export function DownstreamPipelines({ cards }: { cards: DownstreamCard[] }) {
  const [expanded, setExpanded] = useState(false);
  const { shown, hidden } = visibleDownstream(cards, expanded);
  return (
    <section className="ci-graph__linked" aria-label="Downstream">
      <h3 className="ci-graph__stage-name">Downstream</h3>
      <ul className="ci-graph__jobs">
        {shown.map((card) => (
          <DownstreamPipelineCard key={card.pipeline.id} card={card} />
        ))}
      </ul>
      {hidden > 0 && (
        <Button
          size="small"
          onClick={() => setExpanded(true)}
          aria-label={`Show ${hidden} more downstream pipelines`}
        >
          +{hidden}
        </Button>
      )}
    </section>
  );
}

function DownstreamPipelineCard({ card }: { card: DownstreamCard }) {
  const [open, setOpen] = useState(false);
  const look = pipelineLook(card.pipeline.status);
  const project = card.fullPath.split('/').at(-1)!;
  return (
    <li className="ci-linked-pipeline-card">
      <div className="ci-linked-pipeline">
        <CiStatusIcon icon={look.icon} label={look.label} />
        <RouterLink to={pipelinePage(card.fullPath, card.pipeline.id)} title={`${project} - ${look.label}`}>
          <span className="ci-linked-pipeline__project">{card.pipeline.name ?? project}</span>
          <span className="ci-linked-pipeline__meta">
            #{card.pipeline.id} · {card.bridge.name}
          </span>
        </RouterLink>
        <Button
          size="small"
          variant="invisible"
          aria-expanded={open}
          aria-label={`${open ? 'Collapse' : 'Expand'} jobs of downstream pipeline #${card.pipeline.id}`}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? '−' : '+'}
        </Button>
      </div>
      {open && <DownstreamJobs fullPath={card.fullPath} pipelineId={card.pipeline.id} />}
    </li>
  );
}

function DownstreamJobs({ fullPath, pipelineId }: { fullPath: string; pipelineId: number }) {
  const jobs = useDownstreamJobs(fullPath, pipelineId, true);
  if (jobs.isPending) return <Spinner size="small" srText="Loading downstream jobs" />;
  if (!jobs.data)
    return <Flash variant="danger">There was a problem fetching the downstream pipeline jobs.</Flash>;
  return (
    <ul
      className="ci-graph__jobs ci-linked-pipeline__jobs"
      aria-label={`Jobs of downstream pipeline #${pipelineId}`}
    >
      {sortDownstreamJobs(jobs.data).map((job) => {
        const look = jobLook(job);
        return (
          <li key={job.id}>
            <RouterLink
              to={jobPage(fullPath, job.id)}
              className={`ci-job-item ci-job-item__link${look.group === 'failed' ? ' ci-job-item--failed' : ''}`}
              title={`${job.name} - ${look.label}`}
            >
              <CiStatusIcon icon={look.icon} label={look.label} />
              <span className="ci-job-item__name">{job.name}</span>
            </RouterLink>
          </li>
        );
      })}
    </ul>
  );
}
