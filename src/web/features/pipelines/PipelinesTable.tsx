import { ClockIcon, CalendarIcon, GitBranchIcon, GitCommitIcon, TagIcon } from '@primer/octicons-react';
import { Button, Flash, Label, Link, VisuallyHidden } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import type { PipelinePageItem } from '../../../shared/api/pipelinePages';
import { TimeAgo } from '../../components/TimeAgo';
import { CiStatusBadge } from './CiStatusBadge';
import { formatDuration } from './formatDuration';
import { MiniGraph } from './MiniGraph';
import { useCancel } from './mutations';
import { commitPage, pipelinePage, refPage } from './pipelinePaths';
import { isCancelable } from './queries';

/** The rows of a pipelines list (the project's, a merge request's tab): status, pipeline, stages, actions. */
export function PipelinesTable({ fullPath, pipelines }: { fullPath: string; pipelines: PipelinePageItem[] }) {
  const cancel = useCancel(fullPath, 'pipelines');
  return (
    <div className="stack">
      {cancel.isError && <Flash variant="danger">{cancel.error.message}</Flash>}
      <table className="ci-table box" aria-label="Pipelines">
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Pipeline</th>
            <th scope="col">Stages</th>
            <th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {pipelines.map((pipeline) => (
            <PipelineRow
              key={pipeline.id}
              fullPath={fullPath}
              pipeline={pipeline}
              onCancel={() => cancel.mutate(pipeline.id)}
              canceling={cancel.isPending && cancel.variables === pipeline.id}
            />
          ))}
        </tbody>
      </table>
    </div>
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
  const RefIcon = pipeline.tag ? TagIcon : GitBranchIcon;
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
          {pipeline.yaml_errors && <Label variant="danger">yaml invalid</Label>}
        </div>
        <div className="ci-refs muted">
          <Link as={RouterLink} to={refPage(fullPath, pipeline.ref)} muted className="ci-ref">
            <RefIcon size={12} /> {pipeline.ref}
          </Link>
          <Link as={RouterLink} to={commitPage(fullPath, pipeline.sha)} muted className="ci-sha">
            <GitCommitIcon size={12} /> {pipeline.sha.slice(0, 8)}
          </Link>
          <span>
            created <TimeAgo date={pipeline.created_at} />
            {pipeline.user && ` by ${pipeline.user.name}`}
          </span>
        </div>
      </td>
      <td>
        <MiniGraph stages={pipeline.stages} pipelineUrl={url} />
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
