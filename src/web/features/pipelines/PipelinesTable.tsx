import { CalendarIcon, ClockIcon } from '@primer/octicons-react';
import { Button, Label, Link, VisuallyHidden } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import type { PipelinePageItem } from '../../../shared/api/pipelinePages';
import { TimeAgo } from '../../components/TimeAgo';
import { CiStatusBadge } from './CiStatusBadge';
import { CiTable } from './CiTable';
import { formatDuration } from './formatDuration';
import { PipelineMiniGraph } from './mini-graph/PipelineMiniGraph';
import { PipelineLabels } from './PipelineLabels';
import { PipelineOrigin } from './PipelineOrigin';
import { useCancel } from './mutations';
import { pipelinePage } from './pipelinePaths';
import { isCancelable } from './queries';

/** The rows of a pipelines list (the project's, a merge request's tab): status, pipeline, stages, actions. */
export function PipelinesTable({ fullPath, pipelines }: { fullPath: string; pipelines: PipelinePageItem[] }) {
  const cancel = useCancel(fullPath, 'pipelines');
  return (
    <CiTable label="Pipelines" columns={['Status', 'Pipeline', 'Stages']} error={cancel.error}>
      {pipelines.map((pipeline) => (
        <PipelineRow
          key={pipeline.id}
          fullPath={fullPath}
          pipeline={pipeline}
          onCancel={() => cancel.mutate(pipeline.id)}
          canceling={cancel.isPending && cancel.variables === pipeline.id}
        />
      ))}
    </CiTable>
  );
}

type RowProps = {
  fullPath: string;
  pipeline: PipelinePageItem;
  onCancel: () => void;
  canceling: boolean;
};

function PipelineRow({ fullPath, pipeline, onCancel, canceling }: RowProps) {
  const url = pipelinePage(fullPath, pipeline.id);
  return (
    <tr>
      <td>
        <CiStatusBadge look={pipeline.detailed_status} to={url} />
        <div className="ci-times muted">
          {pipeline.duration !== null && (
            <span title="Duration">
              <ClockIcon size={12} /> {formatDuration(pipeline.duration)}
            </span>
          )}
          {pipeline.finished_at && (
            <span title="Finished">
              <CalendarIcon size={12} /> <TimeAgo date={pipeline.finished_at} />
            </span>
          )}
        </div>
      </td>
      <td>
        <div className="row">
          <Link as={RouterLink} to={url} className="ci-pipeline-id">
            #{pipeline.id}
          </Link>
          <Label variant="secondary">{pipeline.source}</Label>
          <PipelineLabels pipeline={pipeline} />
        </div>
        <div className="ci-refs muted">
          <PipelineOrigin fullPath={fullPath} pipeline={pipeline} iconSize={12} />
        </div>
      </td>
      <td>
        <PipelineMiniGraph
          fullPath={fullPath}
          pipelineId={pipeline.id}
          pipelinePath={url}
          stages={pipeline.stages}
        />
      </td>
      <td className="ci-table__actions">
        {pipeline.permissions.update_build && isCancelable(pipeline.status) && (
          <Button size="small" variant="danger" onClick={onCancel} disabled={canceling}>
            Cancel
            <VisuallyHidden> pipeline #{pipeline.id}</VisuallyHidden>
          </Button>
        )}
      </td>
    </tr>
  );
}
