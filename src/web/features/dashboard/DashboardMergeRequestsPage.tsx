import { GitPullRequestIcon } from '@primer/octicons-react';
import { Flash, Heading, Link, Spinner } from '@primer/react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ListPagination } from '../../components/ListPagination';
import { StateTabs } from '../../components/StateListControls';
import { useSession } from '../../lib/useSession';
import { MergeRequestRow } from '../merge-requests/MergeRequestRow';
import {
  DASHBOARD_MR_PER_PAGE,
  useDashboardCounts,
  useDashboardMergeRequests,
  type PersonFilter,
} from './useDashboardMergeRequests';
import '../../components/entity-pages.css';

type Role = PersonFilter['role'];

const TABS: Array<{ state: Role; label: string; emptyTitle: string; emptyText: string }> = [
  {
    state: 'assignee',
    label: 'Assigned to you',
    emptyTitle: 'No merge requests assigned to you',
    emptyText: 'Open merge requests you are assigned to appear here.',
  },
  {
    state: 'reviewer',
    label: 'Review requests for you',
    emptyTitle: 'No review requests for you',
    emptyText: 'Open merge requests whose authors asked for your review appear here.',
  },
];

/** A request's page in this app, from its `web_url` (which carries the instance's address). */
const pathOf = (webUrl: string) => new URL(webUrl).pathname;

/**
 * `/dashboard/merge_requests`: the signed-in user's open merge requests across projects, "Assigned
 * to you" (`?assignee_username=`) or "Review requests for you" (`?reviewer_username=`), as GitLab's
 * dashboard links them.
 */
export function DashboardMergeRequestsPage() {
  const session = useSession();
  if (session.isPending) return <Spinner size="large" srText="Loading" className="page-spinner" />;
  const me = session.data?.user;
  if (!me)
    return (
      <div className="box blankslate">
        <p>
          <Link as={RouterLink} to="/users/sign_in">
            Sign in
          </Link>{' '}
          to see the merge requests assigned to you and the reviews asked of you.
        </p>
      </div>
    );
  return <DashboardMergeRequests username={me.username} />;
}

function DashboardMergeRequests({ username }: { username: string }) {
  const [params, setParams] = useSearchParams();
  const reviewer = params.get('reviewer_username');
  const filter: PersonFilter = reviewer
    ? { role: 'reviewer', username: reviewer }
    : { role: 'assignee', username: params.get('assignee_username') ?? username };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useDashboardMergeRequests(filter, page);
  const counts = useDashboardCounts(TABS.map((tab) => ({ role: tab.state, username })));
  const hrefFor = (next: { state?: Role; page?: number }) => {
    const query = new URLSearchParams();
    const role = next.state ?? filter.role;
    query.set(`${role}_username`, role === filter.role ? filter.username : username);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    return `?${query.toString()}`;
  };
  const tab = TABS.find((one) => one.state === filter.role) ?? TABS[0];

  return (
    <div className="stack">
      <Heading as="h1">Merge requests</Heading>
      <StateTabs
        label="Your merge requests"
        tabs={TABS}
        current={filter.role}
        counts={counts.map((count) => count.data)}
        linkTo={hrefFor}
      />
      {list.isPending ? (
        <Spinner srText="Loading merge requests" />
      ) : list.isError ? (
        <Flash variant="danger">{list.error.message}</Flash>
      ) : list.data.items.length === 0 ? (
        <div className="box blankslate stack">
          <GitPullRequestIcon size={32} className="blankslate__icon" />
          <Heading as="h2" variant="small">
            {tab?.emptyTitle}
          </Heading>
          <p>{tab?.emptyText}</p>
        </div>
      ) : (
        <>
          <ul className="box mr-list" aria-label={tab?.label}>
            {list.data.items.map((mr) => (
              <MergeRequestRow
                key={mr.id}
                mergeRequest={mr}
                href={pathOf(mr.web_url)}
                reference={mr.references.full}
              />
            ))}
          </ul>
          <ListPagination
            total={list.data.total}
            perPage={DASHBOARD_MR_PER_PAGE}
            page={page}
            hrefFor={(n) => hrefFor({ page: n })}
            onPage={(n) => setParams(new URLSearchParams(hrefFor({ page: n }).slice(1)))}
          />
        </>
      )}
    </div>
  );
}
