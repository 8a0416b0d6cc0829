import { GitPullRequestIcon } from '@primer/octicons-react';
import {
  Button,
  Flash,
  Heading,
  Link,
  LinkButton,
  Pagination,
  RelativeTime,
  Spinner,
  TextInput,
  UnderlineNav,
} from '@primer/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { MergeRequest } from '../../../shared/api/mergeRequests';
import { projectUrl, useProjectFullPath } from '../projects/projectRoutes';
import { useSession } from '../session/useSession';
import { viewerAccessLevel } from '../projects/projectNavigation';
import { useProject } from '../projects/queries';
import { PER_PAGE, useMergeRequestCounts, useMergeRequests, type ListState } from './queries';
import { StateBadge } from './StateBadge';
import './merge-requests.css';

const TABS: Array<{ state: ListState; label: string; empty: string }> = [
  { state: 'opened', label: 'Open', empty: 'No open merge requests' },
  { state: 'merged', label: 'Merged', empty: 'No merged merge requests' },
  { state: 'closed', label: 'Closed', empty: 'No closed merge requests' },
  { state: 'all', label: 'All', empty: 'No merge requests yet' },
];

const TAB_STATES = TABS.map((tab) => tab.state);

const stateOf = (value: string | null): ListState =>
  TABS.find((tab) => tab.state === value)?.state ?? 'opened';

/** `{project}/-/merge_requests`: Open / Merged / Closed / All with counts, search and pages. */
export function MergeRequestListPage() {
  const fullPath = useProjectFullPath();
  const [params, setParams] = useSearchParams();
  const state = stateOf(params.get('state'));
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useMergeRequests(fullPath, { state, search, page });
  const canCreate = useCanCreateMergeRequest(fullPath);
  const [draftSearch, setDraftSearch] = useState(search);
  const counts = useMergeRequestCounts(fullPath, TAB_STATES, search);

  const linkTo = (next: { state?: ListState; search?: string; page?: number }) => {
    const query = new URLSearchParams();
    query.set('state', next.state ?? state);
    const text = next.search ?? search;
    if (text) query.set('search', text);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    return `?${query.toString()}`;
  };

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setParams(new URLSearchParams(linkTo({ search: draftSearch.trim(), page: 1 }).slice(1)));
  };

  const tab = TABS.find((t) => t.state === state) ?? TABS[0];
  return (
    <div className="stack">
      <div className="mr-page-title">
        <Heading as="h1">Merge requests</Heading>
        {canCreate && (
          <LinkButton as={RouterLink} to={projectUrl(fullPath, 'merge_requests/new')} variant="primary">
            New merge request
          </LinkButton>
        )}
      </div>
      <UnderlineNav aria-label="Merge request states">
        {TABS.map((t, index) => (
          <UnderlineNav.Item
            key={t.state}
            as={RouterLink}
            to={linkTo({ state: t.state, page: 1 })}
            aria-current={t.state === state ? 'page' : undefined}
            counter={counts[index]?.data}
          >
            {t.label}
          </UnderlineNav.Item>
        ))}
      </UnderlineNav>
      <form className="row" role="search" onSubmit={submitSearch}>
        <TextInput
          aria-label="Search merge requests"
          placeholder="Search or filter results…"
          value={draftSearch}
          onChange={(event) => setDraftSearch(event.target.value)}
          className="mr-search"
        />
        <Button type="submit">Search</Button>
      </form>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <Flash variant="danger">{list.error.message}</Flash>
      ) : list.data.items.length === 0 ? (
        <div className="box blankslate">
          <GitPullRequestIcon size={24} />
          <p>{search ? 'No merge requests match your search' : tab?.empty}</p>
        </div>
      ) : (
        <>
          <ul className="box mr-list" aria-label="Merge requests">
            {list.data.items.map((mr) => (
              <MergeRequestRow key={mr.id} fullPath={fullPath} mergeRequest={mr} />
            ))}
          </ul>
          {list.data.total > PER_PAGE && (
            <Pagination
              pageCount={Math.ceil(list.data.total / PER_PAGE)}
              currentPage={page}
              hrefBuilder={(n) => linkTo({ page: n })}
              onPageChange={(event, n) => {
                event.preventDefault();
                setParams(new URLSearchParams(linkTo({ page: n }).slice(1)));
              }}
            />
          )}
        </>
      )}
    </div>
  );
}

/** Developers and up open merge requests, as the server allows; archived projects are read-only. */
function useCanCreateMergeRequest(fullPath: string): boolean {
  const project = useProject(fullPath).data;
  const admin = useSession().data?.user?.admin ?? false;
  return (
    project !== undefined && !project.archived && viewerAccessLevel(project, admin) >= ACCESS_LEVELS.developer
  );
}

function MergeRequestRow({ fullPath, mergeRequest: mr }: { fullPath: string; mergeRequest: MergeRequest }) {
  return (
    <li className="box__row mr-list__row">
      <div className="mr-list__main">
        <Link
          as={RouterLink}
          to={projectUrl(fullPath, `merge_requests/${mr.iid}`)}
          className="mr-list__title"
        >
          {mr.title}
        </Link>
        <div className="muted mr-list__meta">
          {mr.reference} · created <RelativeTime date={new Date(mr.created_at)} /> by{' '}
          {mr.author?.name ?? 'a deleted user'}
          {' · '}
          <span className="mr-branch">{mr.source_branch}</span> →{' '}
          <span className="mr-branch">{mr.target_branch}</span>
        </div>
      </div>
      <div className="mr-list__side muted">
        {mr.state !== 'opened' || mr.draft ? <StateBadge mergeRequest={mr} small /> : null}
        <span>
          updated <RelativeTime date={new Date(mr.updated_at)} />
        </span>
      </div>
    </li>
  );
}
