import type { RouteObject } from 'react-router';
import { MAX_GROUP_DEPTH } from '../../../shared/names/paths';
import { lazyComponent } from '../../components/lazyComponent';
import { usePathParams } from '../../lib/usePathParams';
import type { ProjectPage } from '../projects/projectRoutes';

const AdminRunnersPage = lazyComponent(() => import('./AdminRunnersPage').then((m) => m.AdminRunnersPage));
const GroupRunnersPage = lazyComponent(() => import('./GroupRunnersPage').then((m) => m.GroupRunnersPage));
const ProjectRunnersPage = lazyComponent(() =>
  import('./ProjectRunnersPage').then((m) => m.ProjectRunnersPage),
);

const groupParams = (depth: number) => Array.from({ length: depth }, (_, i) => `:g${i}`).join('/');

function GroupRunnersAtPath() {
  const fullPath = usePathParams('g', MAX_GROUP_DEPTH);
  return <GroupRunnersPage key={fullPath} fullPath={fullPath} />;
}

/** `/admin/runners` and a group's `/groups/{path}/-/runners`. */
export const runnerPages: RouteObject[] = [
  { path: '/admin/runners', element: <AdminRunnersPage /> },
  ...Array.from({ length: MAX_GROUP_DEPTH }, (_, i) => ({
    path: `/groups/${groupParams(i + 1)}/-/runners`,
    element: <GroupRunnersAtPath />,
  })),
];

/** A project's runners, in its CI/CD settings as GitLab has them. */
export const runnerProjectPages: ProjectPage[] = [
  { path: 'settings/ci_cd', element: <ProjectRunnersPage /> },
];
