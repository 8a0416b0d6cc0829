import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { LinkedPipeline } from '../../../../shared/api/mergeWidget';
import type { PipelineStage } from '../../../../shared/api/pipelinePages';
import { CiStatusIcon } from '../../../components/CiStatusIcon';
import { pipelineKeys } from '../queries';
import { DownstreamDropdown } from './DownstreamDropdown';
import { StageDropdown } from './StageDropdown';
import './mini-graph.css';

/** Downstream pipelines shown before the rest are counted (spec 002 section 9). */
const DOWNSTREAM_SHOWN = 3;

type Props = {
  fullPath: string;
  pipelineId: number;
  pipelinePath: string;
  stages: PipelineStage[];
  upstream?: LinkedPipeline | null;
  downstream?: LinkedPipeline[];
  /** Told after a job action ran, so that what holds the graph reads its pipeline again. */
  onActionDone?: () => void;
};

/**
 * The pipeline mini graph (spec 002 section 2): the upstream pipeline's icon when one triggered
 * this, a dropdown per stage, up to 3 downstream pipeline dropdowns, then a +N counter to the pipeline page.
 */
export function PipelineMiniGraph({
  fullPath,
  pipelineId,
  pipelinePath,
  stages,
  upstream = null,
  downstream = [],
  onActionDone,
}: Props) {
  const queryClient = useQueryClient();
  if (stages.length === 0 && !upstream && downstream.length === 0) return null;
  const more = downstream.length - DOWNSTREAM_SHOWN;
  const actionDone = () => {
    void queryClient.invalidateQueries({ queryKey: pipelineKeys.all(fullPath) });
    onActionDone?.();
  };
  return (
    <div className="ci-mini-graph-row">
      {upstream && <UpstreamPipelineIcon pipeline={upstream} />}
      <ul className="ci-mini-graph" aria-label="Stages">
        {stages.map((stage) => (
          <li key={stage.name}>
            <StageDropdown
              fullPath={fullPath}
              pipelineId={pipelineId}
              stage={stage}
              onActionDone={actionDone}
            />
          </li>
        ))}
      </ul>
      {downstream.length > 0 && (
        <ul className="ci-mini-graph ci-mini-graph--downstream" aria-label="Downstream pipelines">
          {downstream.slice(0, DOWNSTREAM_SHOWN).map((pipeline) => (
            <li key={pipeline.id}>
              <DownstreamDropdown pipeline={pipeline} onActionDone={actionDone} />
            </li>
          ))}
          {more > 0 && (
            <li>
              <RouterLink
                to={pipelinePath}
                className="ci-mini-graph__more"
                title={`${more} more downstream pipelines`}
              >
                +{more}
              </RouterLink>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

/** The upstream pipeline: a link to it, as GitLab draws it. */
function UpstreamPipelineIcon({ pipeline }: { pipeline: LinkedPipeline }) {
  const words = `Upstream pipeline #${pipeline.id} of ${pipeline.project.name}: ${pipeline.status.label}`;
  return (
    <RouterLink to={pipeline.path} className="ci-mini-graph__stage" title={words} aria-label={words}>
      <CiStatusIcon icon={pipeline.status.icon} size={20} />
    </RouterLink>
  );
}
