import { Link as RouterLink } from 'react-router';
import type { PipelineStage } from '../../shared/api/pipelinePages';
import { CiStatusIcon } from './CiStatusIcon';
import { pipelineLook } from './ciStatusLook';

/** The mini graph: one status icon per stage, each leading to that stage on the pipeline page. */
export function MiniGraph({ stages, pipelineUrl }: { stages: PipelineStage[]; pipelineUrl: string }) {
  if (stages.length === 0) return null;
  return (
    <ul className="ci-mini-graph" aria-label="Stages">
      {stages.map((stage) => {
        const look = pipelineLook(stage.status, stage.warnings);
        const words = `${stage.name}: ${look.label}`;
        return (
          <li key={stage.name}>
            <RouterLink
              to={`${pipelineUrl}#stage-${encodeURIComponent(stage.name)}`}
              className="ci-mini-graph__stage"
              title={words}
              aria-label={`Stage ${words}`}
            >
              <CiStatusIcon icon={look.icon} size={20} />
            </RouterLink>
          </li>
        );
      })}
    </ul>
  );
}
