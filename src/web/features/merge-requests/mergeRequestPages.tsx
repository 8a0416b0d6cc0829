import type { ReactNode } from 'react';
import { ProjectLayout } from '../projects/ProjectLayout';
import type { ProjectPage } from '../projects/projectRoutes';
import { MergeRequestPage } from './MergeRequestPage';
import { lazyComponent } from '../../components/lazyComponent';

const MergeRequestListPage = lazyComponent(() =>
  import('./MergeRequestListPage').then((m) => m.MergeRequestListPage),
);
const NewMergeRequestPage = lazyComponent(() =>
  import('./NewMergeRequestPage').then((m) => m.NewMergeRequestPage),
);

const page = (path: string, element: ReactNode): ProjectPage => ({
  path,
  element: <ProjectLayout>{element}</ProjectLayout>,
});

/** Merge request pages under a project, at GitLab's paths after `/-/`. */
export const mergeRequestPages: ProjectPage[] = [
  page('merge_requests', <MergeRequestListPage />),
  page('merge_requests/new', <NewMergeRequestPage />),
  page('merge_requests/:iid', <MergeRequestPage tab="overview" />),
  page('merge_requests/:iid/commits', <MergeRequestPage tab="commits" />),
  page('merge_requests/:iid/pipelines', <MergeRequestPage tab="pipelines" />),
  page('merge_requests/:iid/diffs', <MergeRequestPage tab="diffs" />),
];
