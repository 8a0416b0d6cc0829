import { GitPullRequestIcon } from '@primer/octicons-react';
import { Heading, LinkButton } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { ListSearch, StateListBody, StateTabs } from '../../components/StateListControls';
import { useStateListParams } from '../../components/useStateListParams';
import { projectUrl, useProjectFullPath } from '../projects/projectRoutes';
import { useSession } from '../../lib/useSession';
import { viewerAccessLevel } from '../../lib/viewerAccessLevel';
import { useProject } from '../projects/queries';
import { PER_PAGE, useMergeRequestCounts, useMergeRequests } from './queries';
import { MergeRequestRow } from './MergeRequestRow';
import { LabelFilter } from '../../components/LabelChip';
import './merge-requests.css';
import type { ListState } from '../../lib/mergeRequests';

const TAB_STATES = ['opened', 'merged', 'closed', 'all'] as const satisfies readonly ListState[];

const TABS: Array<{ state: (typeof TAB_STATES)[number]; label: string; empty: string }> = [
  { state: 'opened', label: 'Open', empty: 'No open merge requests' },
  { state: 'merged', label: 'Merged', empty: 'No merged merge requests' },
  { state: 'closed', label: 'Closed', empty: 'No closed merge requests' },
  { state: 'all', label: 'All', empty: 'No merge requests yet' },
];

/** `{project}/-/merge_requests`: Open / Merged / Closed / All with counts, search and pages. */
export function MergeRequestListPage() {
  const fullPath = useProjectFullPath();
  const { state, search, page, labels, linkTo, go } = useStateListParams(TAB_STATES);
  const list = useMergeRequests(fullPath, { state, search, page, labels });
  const canCreate = useCanCreateMergeRequest(fullPath);
  const counts = useMergeRequestCounts(fullPath, TAB_STATES, search, labels);

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
      <StateTabs
        label="Merge request states"
        tabs={TABS}
        current={state}
        counts={counts.map((count) => count.data)}
        linkTo={linkTo}
      />
      <ListSearch
        label="Search merge requests"
        search={search}
        onSearch={(text) => go({ search: text, page: 1 })}
      />
      <LabelFilter labels={labels} clearLink={linkTo({ labels: [], page: 1 })} />
      <StateListBody
        list={list}
        label="Merge requests"
        className="mr-list"
        empty={
          <>
            <GitPullRequestIcon size={24} />
            <p>{search || labels.length ? 'No merge requests match your search' : tab?.empty}</p>
          </>
        }
        row={(mr) => (
          <MergeRequestRow
            key={mr.id}
            mergeRequest={mr}
            href={projectUrl(fullPath, `merge_requests/${mr.iid}`)}
            reference={mr.reference}
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

/** Developers and up open merge requests, as the server allows; archived projects are read-only. */
function useCanCreateMergeRequest(fullPath: string): boolean {
  const project = useProject(fullPath).data;
  const admin = useSession().data?.user?.admin ?? false;
  return (
    project !== undefined && !project.archived && viewerAccessLevel(project, admin) >= ACCESS_LEVELS.developer
  );
}
