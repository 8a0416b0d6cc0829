import type { RouteObject } from 'react-router';
import type { ProjectPage } from './projectRoutes';
import { lazyComponent } from '../../components/lazyComponent';

const MergeRequestSettingsPage = lazyComponent(() =>
  import('./MergeRequestSettingsPage').then((m) => m.MergeRequestSettingsPage),
);
const RepositorySettingsPage = lazyComponent(() =>
  import('./RepositorySettingsPage').then((m) => m.RepositorySettingsPage),
);
const NewProjectPage = lazyComponent(() => import('./NewProjectPage').then((m) => m.NewProjectPage));
const ProjectMembersPage = lazyComponent(() =>
  import('./ProjectMembersPage').then((m) => m.ProjectMembersPage),
);
const ProjectSettingsPage = lazyComponent(() =>
  import('./ProjectSettingsPage').then((m) => m.ProjectSettingsPage),
);

export const projectsPages: RouteObject[] = [{ path: '/projects/new', element: <NewProjectPage /> }];

/** The projects feature's pages after `/-/`. */
export const projectsProjectPages: ProjectPage[] = [
  { path: 'project_members', element: <ProjectMembersPage /> },
  { path: 'edit', element: <ProjectSettingsPage /> },
  { path: 'settings/repository', element: <RepositorySettingsPage /> },
  { path: 'settings/merge_requests', element: <MergeRequestSettingsPage /> },
];
