import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './AppLayout';
import { NotFoundPage } from './components/NotFoundPage';
import { RouteError } from './components/RouteError';
import { adminPages } from './features/admin/adminPages';
import { dashboardPages } from './features/dashboard/dashboardPages';
import { groupPages } from './features/groups/groupPages';
import { issuePages } from './features/issues/issuePages';
import { labelPages } from './features/labels/labelPages';
import { profilePages } from './features/profile/profilePages';
import { mergeRequestPages } from './features/merge-requests/mergeRequestPages';
import { pipelinePages } from './features/pipelines/pipelinePages';
import { expandProjectPages, type ProjectPage } from './features/projects/projectRoutes';
import { namespaceOrProjectPages } from './features/namespaces/namespacePages';
import { projectsPages, projectsProjectPages } from './features/projects/projectsPages';
import { repositoryPages } from './features/repository/repositoryPages';
import { runnerPages, runnerProjectPages } from './features/runners/runnerPages';
import { sessionPages } from './features/session/sessionPages';

/** Top-level pages of each feature (`/users/sign_in`, `/dashboard/projects`, ...). */
const pages: RouteObject[] = [
  ...sessionPages,
  ...profilePages,
  ...dashboardPages,
  ...projectsPages,
  ...groupPages,
  ...adminPages,
  ...runnerPages,
];

/** Pages under a project, after `/-/` (`merge_requests/:iid`, `tree/*`, ...). */
const projectPages: ProjectPage[] = [
  ...issuePages,
  ...labelPages,
  ...mergeRequestPages,
  ...pipelinePages,
  ...repositoryPages,
  ...projectsProjectPages,
  ...runnerProjectPages,
];

/**
 * Paths without `/-/` (`/alice`, `/group/sub`, `/group/project`) name a user, a group or a
 * project's home; the projects feature resolves which, last.
 */
const namespaceOrProjectRoutes: RouteObject[] = [...namespaceOrProjectPages];

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      ...pages,
      ...expandProjectPages(projectPages),
      ...namespaceOrProjectRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
