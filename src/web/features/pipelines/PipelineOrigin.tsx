import { GitBranchIcon, GitCommitIcon, TagIcon } from '@primer/octicons-react';
import { Link } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import type { PipelinePageItem } from '../../../shared/api/pipelinePages';
import { TimeAgo } from '../../components/TimeAgo';
import { commitPage, refPage } from './pipelinePaths';

type Props = {
  fullPath: string;
  pipeline: Pick<PipelinePageItem, 'ref' | 'tag' | 'sha' | 'created_at' | 'user'>;
  iconSize: 12 | 14;
};

/** Where a pipeline comes from: its branch or tag, its commit's short id, when and by whom it was created. */
export function PipelineOrigin({ fullPath, pipeline, iconSize }: Props) {
  const RefIcon = pipeline.tag ? TagIcon : GitBranchIcon;
  return (
    <>
      <Link as={RouterLink} to={refPage(fullPath, pipeline.ref)} muted className="ci-ref">
        <RefIcon size={iconSize} /> {pipeline.ref}
      </Link>
      <Link as={RouterLink} to={commitPage(fullPath, pipeline.sha)} muted className="ci-sha">
        <GitCommitIcon size={iconSize} /> {pipeline.sha.slice(0, 8)}
      </Link>
      <span>
        created <TimeAgo date={pipeline.created_at} />
        {pipeline.user && ` by ${pipeline.user.name}`}
      </span>
    </>
  );
}
