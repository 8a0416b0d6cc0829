import { EyeClosedIcon, IssueOpenedIcon, LockIcon } from '@primer/octicons-react';
import { Heading, Label, Link, LinkButton, RelativeTime } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import type { Issue } from '../../../shared/api/issues';
import { ListSearch, StateListBody, StateTabs } from '../../components/StateListControls';
import { useStateListParams } from '../../components/useStateListParams';
import { projectUrl, useProjectFullPath } from '../projects/projectRoutes';
import { useProject } from '../projects/queries';
import { useSession } from '../../lib/useSession';
import { IssueStateBadge } from './IssueStateBadge';
import { PER_PAGE, useIssueCounts, useIssues, type ListState } from './queries';
import { LabelChips, LabelFilter } from '../../components/LabelChip';
import './issues.css';

const TAB_STATES = ['opened', 'closed', 'all'] as const satisfies readonly ListState[];

const TABS: Array<{ state: (typeof TAB_STATES)[number]; label: string; empty: string }> = [
  { state: 'opened', label: 'Open', empty: 'There are no open issues' },
  { state: 'closed', label: 'Closed', empty: 'There are no closed issues' },
  { state: 'all', label: 'All', empty: 'There are no issues to show' },
];

/** `{project}/-/issues`: Open / Closed / All with counts, search and pages. */
export function IssueListPage() {
  const fullPath = useProjectFullPath();
  const { state, search, page, labels, linkTo, go } = useStateListParams(TAB_STATES);
  const list = useIssues(fullPath, { state, search, page, labels });
  const counts = useIssueCounts(fullPath, TAB_STATES, search, labels);
  const canCreate = useCanCreateIssue(fullPath);

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
      <StateTabs
        label="Issue states"
        tabs={TABS}
        current={state}
        counts={counts.map((count) => count.data)}
        linkTo={linkTo}
      />
      <ListSearch label="Search issues" search={search} onSearch={(text) => go({ search: text, page: 1 })} />
      <LabelFilter labels={labels} clearLink={linkTo({ labels: [], page: 1 })} />
      <StateListBody
        list={list}
        label="Issues"
        className="issues-list"
        empty={
          <>
            <IssueOpenedIcon size={24} />
            <p>{search || labels.length ? 'Sorry, your filter produced no results' : tab?.empty}</p>
            {!search && state !== 'closed' && newIssue}
          </>
        }
        row={(issue) => (
          <IssueRow
            key={issue.id}
            fullPath={fullPath}
            issue={issue}
            labelLink={(name) => linkTo({ labels: [name], page: 1 })}
          />
        )}
        perPage={PER_PAGE}
        page={page}
        linkTo={linkTo}
        go={go}
      />
    </div>
  );
}

/** Anyone signed in who can see the project may open an issue, unless it is archived (the server decides too). */
function useCanCreateIssue(fullPath: string): boolean {
  const project = useProject(fullPath).data;
  const signedIn = Boolean(useSession().data?.user);
  return signedIn && project !== undefined && !project.archived;
}

function IssueRow({
  fullPath,
  issue,
  labelLink,
}: {
  fullPath: string;
  issue: Issue;
  labelLink: (name: string) => string;
}) {
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
          <LabelChips labels={issue.labels} linkOf={labelLink} />
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
