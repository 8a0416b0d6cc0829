import { ClockIcon, GitBranchIcon, GitCommitIcon, TagIcon } from '@primer/octicons-react';
import { Button, Heading, Label, Link } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import type { PipelinePageItem } from '../../../shared/api/pipelinePages';
import { TimeAgo } from '../../components/TimeAgo';
import { CiStatusBadge } from './CiStatusBadge';
import { formatDuration } from './formatDuration';
import { commitPage, refPage } from './pipelinePaths';
import { isCancelable } from './queries';

type Props = {
  fullPath: string;
  pipeline: PipelinePageItem;
  onCancel: () => void;
  canceling: boolean;
};

/** The pipeline page's header: status, id, ref, commit, source, who started it, duration; Cancel for those allowed. */
export function PipelineHeader({ fullPath, pipeline, onCancel, canceling }: Props) {
  const RefIcon = pipeline.tag ? TagIcon : GitBranchIcon;
  return (
    <header className="ci-header">
      <div className="ci-header__main">
        <div className="row">
          <CiStatusBadge look={pipeline.detailed_status} />
          <Heading as="h1" className="ci-header__title">
            Pipeline #{pipeline.id}
          </Heading>
          <Label variant="secondary">{pipeline.source}</Label>
        </div>
        <div className="ci-refs muted">
          <Link as={RouterLink} to={refPage(fullPath, pipeline.ref)} muted className="ci-ref">
            <RefIcon size={14} /> {pipeline.ref}
          </Link>
          <Link as={RouterLink} to={commitPage(fullPath, pipeline.sha)} muted className="ci-sha">
            <GitCommitIcon size={14} /> {pipeline.sha.slice(0, 8)}
          </Link>
          <span>
            created <TimeAgo date={pipeline.created_at} />
            {pipeline.user && ` by ${pipeline.user.name}`}
          </span>
          {pipeline.duration !== null && (
            <span>
              <ClockIcon size={14} /> {formatDuration(pipeline.duration)}
            </span>
          )}
        </div>
      </div>
      {pipeline.permissions.update_build && isCancelable(pipeline.status) && (
        <Button variant="danger" onClick={onCancel} disabled={canceling}>
          Cancel pipeline
        </Button>
      )}
    </header>
  );
}
