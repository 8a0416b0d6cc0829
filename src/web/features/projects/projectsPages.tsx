import type { RouteObject } from 'react-router';
import { MergeRequestSettingsPage } from './MergeRequestSettingsPage';
import { MAX_PATH_DEPTH, NamespaceOrProjectPage } from './NamespaceOrProjectPage';
import { NewProjectPage } from './NewProjectPage';
import { ProjectMembersPage } from './ProjectMembersPage';
import type { ProjectPage } from './projectRoutes';
import { ProjectSettingsPage } from './ProjectSettingsPage';

export const projectsPages: RouteObject[] = [{ path: '/projects/new', element: <NewProjectPage /> }];

/** The projects feature's pages after `/-/`. */
export const projectsProjectPages: ProjectPage[] = [
  { path: 'project_members', element: <ProjectMembersPage /> },
  { path: 'edit', element: <ProjectSettingsPage /> },
  { path: 'settings/merge_requests', element: <MergeRequestSettingsPage /> },
];

/** `/p0`, `/p0/p1`, ... : React Router matches fixed segments, so one route per depth. */
export const namespaceOrProjectPages: RouteObject[] = Array.from({ length: MAX_PATH_DEPTH }, (_, i) => ({
  path: `/${Array.from({ length: i + 1 }, (__, j) => `:p${j}`).join('/')}`,
  element: <NamespaceOrProjectPage />,
}));
