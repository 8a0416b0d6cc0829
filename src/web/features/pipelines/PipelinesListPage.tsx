import { Heading, LinkButton, UnderlineNav } from '@primer/react';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { ListPagination } from '../../components/ListPagination';
import { viewerAccessLevel } from '../../lib/viewerAccessLevel';
import { projectUrl, useProjectFullPath } from '../projects/projectRoutes';
import { useProject } from '../projects/queries';
import { LoadState } from '../repository/LoadState';
import { useSession } from '../../lib/useSession';
import {
  PIPELINE_FILTER_KEYS,
  pipelineFiltersFromQuery,
  type PipelineFilters as SearchFilters,
} from '../../../shared/ci/views/pipelineSearch';
import { PipelinesEmptyState } from './PipelinesEmptyState';
import { PipelinesSearch } from './PipelinesSearch';
import { PipelinesTable } from './PipelinesTable';
import { pipelinesPage } from './pipelinePaths';
import { PIPELINES_PAGE_SIZE, usePipelines, type PipelineScope } from './queries';
import { useMayRunPipelines } from './runPipeline';
import './pipelines.css';

/** GitLab's tabs over the list: every pipeline, the finished ones, the newest of each branch or tag. */
const TABS: Array<{ scope: PipelineScope | null; label: string }> = [
  { scope: null, label: 'All' },
  { scope: 'finished', label: 'Finished' },
  { scope: 'branches', label: 'Branches' },
  { scope: 'tags', label: 'Tags' },
];

type ListPlace = { scope: PipelineScope | null; filters: SearchFilters; page?: number };

/** The list's address query: `?scope=finished&status=failed&page=2`, nothing for the first page of All. */
function queryOf({ scope, filters, page }: ListPlace): URLSearchParams {
  const query = new URLSearchParams();
  if (scope) query.set('scope', scope);
  for (const key of PIPELINE_FILTER_KEYS) if (filters[key]) query.set(key, filters[key]);
  if (page && page > 1) query.set('page', String(page));
  return query;
}

const scopeOf = (value: string | null): PipelineScope | null =>
  TABS.find((tab) => tab.scope !== null && tab.scope === value)?.scope ?? null;

/** `{project}/-/pipelines`: the project's pipelines, newest first, by scope, a page at a time. */
export function PipelinesListPage() {
  const fullPath = useProjectFullPath();
  const [params, setParams] = useSearchParams();
  const scope = scopeOf(params.get('scope'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filters = pipelineFiltersFromQuery(params);
  const list = usePipelines(fullPath, page, { scope: scope ?? undefined, ...filters });
  const filtered = PIPELINE_FILTER_KEYS.some((key) => filters[key]);
  const [searchProblem, setSearchProblem] = useState<string | null>(null);
  const configBranch = useConfigBranch(fullPath);
  const mayRun = useMayRunPipelines(fullPath) ?? false;
  const linkTo = (next: ListPlace) => {
    const text = queryOf(next).toString();
    return text ? `${pipelinesPage(fullPath)}?${text}` : pipelinesPage(fullPath);
  };
  return (
    <div className="stack">
      <div className="row schedules__header">
        <Heading as="h1">Pipelines</Heading>
        <div className="row">
          <RouterLink to={projectUrl(fullPath, 'pipeline_schedules')}>Schedules</RouterLink>
          {mayRun && (
            <LinkButton as={RouterLink} to={projectUrl(fullPath, 'pipelines/new')} variant="primary">
              Run pipeline
            </LinkButton>
          )}
        </div>
      </div>
      <UnderlineNav aria-label="Pipeline scopes">
        {TABS.map((tab) => (
          <UnderlineNav.Item
            key={tab.label}
            as={RouterLink}
            to={linkTo({ scope: tab.scope, filters })}
            aria-current={tab.scope === scope ? 'page' : undefined}
          >
            {tab.label}
          </UnderlineNav.Item>
        ))}
      </UnderlineNav>
      <PipelinesSearch
        // A new address (a tab, the browser's back) starts the box from its filters.
        key={params.toString()}
        filters={filters}
        problem={searchProblem}
        onSearch={(next, problem) => {
          setSearchProblem(problem);
          setParams(queryOf({ scope, filters: next }));
        }}
      />
      {!list.data ? (
        <LoadState error={list.error} what="pipelines" />
      ) : list.data.count === 0 && filtered ? (
        <div className="box blankslate">
          <p>No pipelines match these filters.</p>
        </div>
      ) : list.data.count === 0 ? (
        <PipelinesEmptyState fullPath={fullPath} scope={scope} configBranch={configBranch} />
      ) : (
        <>
          <PipelinesTable fullPath={fullPath} pipelines={list.data.pipelines} />
          <ListPagination
            total={list.data.count}
            perPage={PIPELINES_PAGE_SIZE}
            page={page}
            hrefFor={(n) => linkTo({ scope, filters, page: n })}
            onPage={(n) => setParams(queryOf({ scope, filters, page: n }))}
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
