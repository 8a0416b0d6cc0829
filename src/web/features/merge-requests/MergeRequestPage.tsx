import { Spinner, UnderlineNav } from '@primer/react';
import { Suspense } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { MergeRequestPage as PageData } from '../../../shared/api/mergeRequests';
import { assertNever } from '../../../shared/lib/assertNever';
import { ApiError } from '../../api/client';
import { lazyComponent } from '../../components/lazyComponent';
import { LoadProblem } from '../../components/LoadProblem';
import { projectUrl, useProjectFullPath } from '../projects/projectRoutes';
import { MergeRequestHeader } from './MergeRequestHeader';
import { RefusedDependenciesFlash } from './RefusedDependenciesFlash';
import { usePrefetchNotesData } from '../notes/queries';
import { notesDataPath } from '../../lib/mergeRequests';
import { useMergeRequestCommits, useMergeRequestPage } from './queries';
import { useLiveMergeRequest } from './useLiveMergeRequest';
import './merge-requests.css';

const DiffsApp = lazyComponent(() => import('../diffs/DiffsApp').then((m) => m.DiffsApp));
const MergeRequestCommits = lazyComponent(() =>
  import('./MergeRequestCommits').then((m) => m.MergeRequestCommits),
);
const MergeRequestPipelines = lazyComponent(() =>
  import('../pipelines/MergeRequestPipelines').then((m) => m.MergeRequestPipelines),
);
const MergeRequestOverview = lazyComponent(() =>
  import('./MergeRequestOverview').then((m) => m.MergeRequestOverview),
);

export type MergeRequestTab = 'overview' | 'commits' | 'pipelines' | 'diffs';

const TABS: Array<{ tab: MergeRequestTab; label: string; path: string }> = [
  { tab: 'overview', label: 'Overview', path: '' },
  { tab: 'commits', label: 'Commits', path: '/commits' },
  { tab: 'pipelines', label: 'Pipelines', path: '/pipelines' },
  { tab: 'diffs', label: 'Changes', path: '/diffs' },
];

/** `{project}/-/merge_requests/{iid}` and its tabs, at GitLab's URLs. */
export function MergeRequestPage({ tab }: { tab: MergeRequestTab }) {
  const fullPath = useProjectFullPath();
  const iid = Number(useParams().iid);
  if (!Number.isInteger(iid) || iid <= 0) return <LoadProblem error={new ApiError(404, 'Not found')} />;
  return <MergeRequestLoader fullPath={fullPath} iid={iid} tab={tab} />;
}

function MergeRequestLoader({ fullPath, iid, tab }: { fullPath: string; iid: number; tab: MergeRequestTab }) {
  const page = useMergeRequestPage(fullPath, iid);
  // Asked for beside the page's JSON: the Activity section's threads wait for it.
  usePrefetchNotesData(notesDataPath(fullPath, iid));
  if (page.isPending) return <Spinner />;
  // A failed background refresh keeps the page as it was loaded (the widget's reviewed head, open
  // forms) on screen; the next event or poll reads it again.
  if (page.isError && !page.data) return <LoadProblem error={page.error} />;
  if (!page.data) return <Spinner />;
  return <Loaded fullPath={fullPath} mergeRequest={page.data} tab={tab} />;
}

function Loaded({
  fullPath,
  mergeRequest,
  tab,
}: {
  fullPath: string;
  mergeRequest: PageData;
  tab: MergeRequestTab;
}) {
  useLiveMergeRequest(fullPath, mergeRequest.iid, mergeRequest.id);
  const commits = useMergeRequestCommits(fullPath, mergeRequest.iid, 1);
  const base = projectUrl(fullPath, `merge_requests/${mergeRequest.iid}`);
  const counters: Partial<Record<MergeRequestTab, number | string>> = {
    commits: commits.data?.total,
    diffs: mergeRequest.changes_count ?? undefined,
  };
  return (
    <div className="stack">
      <RefusedDependenciesFlash />
      <MergeRequestHeader fullPath={fullPath} mergeRequest={mergeRequest} />
      <UnderlineNav aria-label="Merge request tabs">
        {TABS.map((t) => (
          <UnderlineNav.Item
            key={t.tab}
            as={RouterLink}
            to={`${base}${t.path}`}
            aria-current={t.tab === tab ? 'page' : undefined}
            counter={counters[t.tab]}
          >
            {t.label}
          </UnderlineNav.Item>
        ))}
      </UnderlineNav>
      <Suspense fallback={<Spinner />}>
        <TabContent fullPath={fullPath} mergeRequest={mergeRequest} tab={tab} />
      </Suspense>
    </div>
  );
}

function TabContent({
  fullPath,
  mergeRequest,
  tab,
}: {
  fullPath: string;
  mergeRequest: PageData;
  tab: MergeRequestTab;
}) {
  switch (tab) {
    case 'overview':
      return <MergeRequestOverview fullPath={fullPath} mergeRequest={mergeRequest} />;
    case 'commits':
      return (
        <MergeRequestCommits
          fullPath={fullPath}
          iid={mergeRequest.iid}
          canUpdate={mergeRequest.current_user.can_update}
        />
      );
    case 'pipelines':
      return (
        <MergeRequestPipelines
          fullPath={fullPath}
          iid={mergeRequest.iid}
          sourceBranch={mergeRequest.source_branch}
        />
      );
    case 'diffs':
      return <DiffsApp fullPath={fullPath} iid={mergeRequest.iid} />;
    default:
      return assertNever(tab);
  }
}
