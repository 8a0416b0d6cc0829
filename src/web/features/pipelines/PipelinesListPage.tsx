import { Heading } from '@primer/react';
import { useSearchParams } from 'react-router';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { ListPagination } from '../projects/ListPagination';
import { viewerAccessLevel } from '../projects/projectNavigation';
import { useProjectFullPath } from '../projects/projectRoutes';
import { useProject } from '../projects/queries';
import { LoadState } from '../repository/LoadState';
import { useSession } from '../session/useSession';
import { PipelinesEmptyState } from './PipelinesEmptyState';
import { PipelinesTable } from './PipelinesTable';
import { pipelinesPage } from './pipelinePaths';
import { PIPELINES_PAGE_SIZE, usePipelines } from './queries';
import './pipelines.css';

/** `{project}/-/pipelines`: the project's pipelines, newest first, a page at a time. */
export function PipelinesListPage() {
  const fullPath = useProjectFullPath();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = usePipelines(fullPath, page);
  const configBranch = useConfigBranch(fullPath);
  const hrefFor = (n: number) => (n === 1 ? pipelinesPage(fullPath) : `${pipelinesPage(fullPath)}?page=${n}`);
  return (
    <div className="stack">
      <Heading as="h1">Pipelines</Heading>
      {!list.data ? (
        <LoadState error={list.error} what="pipelines" />
      ) : list.data.count === 0 ? (
        <PipelinesEmptyState fullPath={fullPath} configBranch={configBranch} />
      ) : (
        <>
          <PipelinesTable fullPath={fullPath} pipelines={list.data.pipelines} />
          <ListPagination
            total={list.data.count}
            perPage={PIPELINES_PAGE_SIZE}
            page={page}
            hrefFor={hrefFor}
            onPage={(n) => setParams(n === 1 ? {} : { page: String(n) })}
          />
        </>
      )}
    </div>
  );
}

/** The default branch, for Developers and up (who may push a CI configuration to it, or propose one). */
function useConfigBranch(fullPath: string): string | null {
  const project = useProject(fullPath).data;
  const admin = useSession().data?.user?.admin ?? false;
  if (!project || project.archived || viewerAccessLevel(project, admin) < ACCESS_LEVELS.developer)
    return null;
  return project.default_branch ?? 'main';
}
