import type { RouteObject } from 'react-router';
import { DashboardGroupsPage } from './DashboardGroupsPage';
import { DashboardProjectsPage } from './DashboardProjectsPage';

/** The dashboard; the site's root shows the projects dashboard, as GitLab's does. */
export const dashboardPages: RouteObject[] = [
  { path: '/', element: <DashboardProjectsPage /> },
  { path: '/dashboard/projects', element: <DashboardProjectsPage /> },
  { path: '/dashboard/groups', element: <DashboardGroupsPage /> },
];
