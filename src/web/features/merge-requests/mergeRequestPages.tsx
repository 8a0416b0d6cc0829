import type { ProjectPage } from '../projects/projectRoutes';
import { MergeRequestListPage } from './MergeRequestListPage';
import { MergeRequestPage } from './MergeRequestPage';
import { NewMergeRequestPage } from './NewMergeRequestPage';

/** Merge request pages under a project, at GitLab's paths after `/-/`. */
export const mergeRequestPages: ProjectPage[] = [
  { path: 'merge_requests', element: <MergeRequestListPage /> },
  { path: 'merge_requests/new', element: <NewMergeRequestPage /> },
  { path: 'merge_requests/:iid', element: <MergeRequestPage tab="overview" /> },
  { path: 'merge_requests/:iid/commits', element: <MergeRequestPage tab="commits" /> },
  { path: 'merge_requests/:iid/pipelines', element: <MergeRequestPage tab="pipelines" /> },
  { path: 'merge_requests/:iid/diffs', element: <MergeRequestPage tab="diffs" /> },
];
