import type { RouteObject } from 'react-router';
import { lazyComponent } from '../../components/lazyComponent';

const DashboardGroupsPage = lazyComponent(() =>
  import('./DashboardGroupsPage').then((m) => m.DashboardGroupsPage),
);
const DashboardMergeRequestsPage = lazyComponent(() =>
  import('./DashboardMergeRequestsPage').then((m) => m.DashboardMergeRequestsPage),
);
const DashboardProjectsPage = lazyComponent(() =>
  import('./DashboardProjectsPage').then((m) => m.DashboardProjectsPage),
);

/** The dashboard; the site's root shows the projects dashboard, as GitLab's does. */
export const dashboardPages: RouteObject[] = [
  { path: '/', element: <DashboardProjectsPage /> },
  { path: '/dashboard/projects', element: <DashboardProjectsPage /> },
  { path: '/dashboard/groups', element: <DashboardGroupsPage /> },
  { path: '/dashboard/merge_requests', element: <DashboardMergeRequestsPage /> },
];
