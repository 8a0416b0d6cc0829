import { EyeClosedIcon, IssueOpenedIcon, LockIcon } from '@primer/octicons-react';
import {
  Button,
  Flash,
  Heading,
  Label,
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
import type { Issue } from '../../../shared/api/issues';
import { projectUrl, useProjectFullPath } from '../projects/projectRoutes';
import { useProject } from '../projects/queries';
import { useSession } from '../session/useSession';
import { IssueStateBadge } from './IssueStateBadge';
import { PER_PAGE, useIssueCounts, useIssues, type ListState } from './queries';
import './issues.css';

const TABS: Array<{ state: ListState; label: string; empty: string }> = [
  { state: 'opened', label: 'Open', empty: 'There are no open issues' },
  { state: 'closed', label: 'Closed', empty: 'There are no closed issues' },
  { state: 'all', label: 'All', empty: 'There are no issues to show' },
];

const TAB_STATES = TABS.map((tab) => tab.state);

const stateOf = (value: string | null): ListState =>
  TABS.find((tab) => tab.state === value)?.state ?? 'opened';

/** `{project}/-/issues`: Open / Closed / All with counts, search and pages. */
export function IssueListPage() {
  const fullPath = useProjectFullPath();
  const [params, setParams] = useSearchParams();
  const state = stateOf(params.get('state'));
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useIssues(fullPath, { state, search, page });
  const counts = useIssueCounts(fullPath, TAB_STATES, search);
  const canCreate = useCanCreateIssue(fullPath);
  const [draftSearch, setDraftSearch] = useState(search);

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
  const newIssue = canCreate && (
    <LinkButton as={RouterLink} to={projectUrl(fullPath, 'issues/new')} variant="primary">
      New issue
    </LinkButton>
  );
  return (
    <div className="stack">
      <div className="issues-title">
        <Heading as="h1">Issues</Heading>
        {newIssue}
      </div>
      <UnderlineNav aria-label="Issue states">
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
          aria-label="Search issues"
          placeholder="Search or filter results…"
          value={draftSearch}
          onChange={(event) => setDraftSearch(event.target.value)}
          className="issues-search"
        />
        <Button type="submit">Search</Button>
      </form>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <Flash variant="danger">{list.error.message}</Flash>
      ) : list.data.items.length === 0 ? (
        <div className="box blankslate">
          <IssueOpenedIcon size={24} />
          <p>{search ? 'Sorry, your filter produced no results' : tab?.empty}</p>
          {!search && state !== 'closed' && newIssue}
        </div>
      ) : (
        <>
          <ul className="box issues-list" aria-label="Issues">
            {list.data.items.map((issue) => (
              <IssueRow key={issue.id} fullPath={fullPath} issue={issue} />
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

/** Anyone signed in who can see the project may open an issue, unless it is archived (the server decides too). */
function useCanCreateIssue(fullPath: string): boolean {
  const project = useProject(fullPath).data;
  const signedIn = Boolean(useSession().data?.user);
  return signedIn && project !== undefined && !project.archived;
}

function IssueRow({ fullPath, issue }: { fullPath: string; issue: Issue }) {
  return (
    <li className="box__row issues-list__row">
      <div className="issues-list__main">
        <div className="issues-list__heading">
          {issue.confidential && (
            <span className="issues-list__flag" title="Confidential">
              <EyeClosedIcon aria-label="Confidential" />
            </span>
          )}
          {issue.discussion_locked && (
            <span className="issues-list__flag" title="Discussion locked">
              <LockIcon aria-label="Discussion locked" />
            </span>
          )}
          <Link
            as={RouterLink}
            to={projectUrl(fullPath, `issues/${issue.iid}`)}
            className="issues-list__title"
          >
            {issue.title}
          </Link>
          {issue.issue_type === 'incident' && (
            <Label variant="danger" size="small">
              Incident
            </Label>
          )}
        </div>
        <div className="muted issues-list__meta">
          {issue.references.short} · created <RelativeTime date={new Date(issue.created_at)} /> by{' '}
          {issue.author?.name ?? 'a deleted user'}
          {issue.task_completion_status.count > 0 &&
            ` · ${issue.task_completion_status.completed_count} of ${issue.task_completion_status.count} checklist items completed`}
        </div>
      </div>
      <div className="issues-list__side muted">
        <div className="row issues-list__side-top">
          {issue.state !== 'opened' && <IssueStateBadge issue={issue} small />}
          {issue.assignees.length > 0 && (
            <span className="issues-list__assignees" aria-label="Assignees">
              {issue.assignees.map((a) => a.name).join(', ')}
            </span>
          )}
        </div>
        <span>
          updated <RelativeTime date={new Date(issue.updated_at)} />
        </span>
      </div>
    </li>
  );
}
