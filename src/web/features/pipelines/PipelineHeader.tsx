import { ClockIcon } from '@primer/octicons-react';
import { Button, Heading, Label } from '@primer/react';
import type { PipelinePageItem } from '../../../shared/api/pipelinePages';
import { CiStatusBadge } from './CiStatusBadge';
import { PipelineActions } from './PipelineActions';
import { PipelineLabels } from './PipelineLabels';
import { PipelineOrigin } from './PipelineOrigin';
import { formatDuration } from './formatDuration';
import { isCancelable } from './queries';

type Props = {
  fullPath: string;
  pipeline: PipelinePageItem;
  onCancel: () => void;
  canceling: boolean;
};

/** The pipeline page's header: status, id, ref, commit, source, who started it, duration; Cancel for those allowed. */
export function PipelineHeader({ fullPath, pipeline, onCancel, canceling }: Props) {
  return (
    <header className="ci-header">
      <div className="ci-header__main">
        <div className="row">
          <CiStatusBadge look={pipeline.detailed_status} />
          <Heading as="h1" className="ci-header__title">
            Pipeline #{pipeline.id}
          </Heading>
          <Label variant="secondary">{pipeline.source}</Label>
          <PipelineLabels pipeline={pipeline} />
        </div>
        <div className="ci-refs muted">
          <PipelineOrigin fullPath={fullPath} pipeline={pipeline} iconSize={14} />
          {pipeline.duration !== null && (
            <span>
              <ClockIcon size={14} /> {formatDuration(pipeline.duration)}
            </span>
          )}
        </div>
      </div>
      <div className="row ci-header__actions">
        <PipelineActions fullPath={fullPath} pipeline={pipeline} />
        {pipeline.permissions.update_build && isCancelable(pipeline.status) && (
          <Button variant="danger" onClick={onCancel} disabled={canceling}>
            Cancel pipeline
          </Button>
        )}
      </div>
    </header>
  );
}
