import type { ProjectPage } from '../projects/projectRoutes';
import { lazyComponent } from '../../components/lazyComponent';

const LabelsPage = lazyComponent(() => import('./LabelsPage').then((m) => m.LabelsPage));

/** `{project}/-/labels`, at GitLab's path. */
export const labelPages: ProjectPage[] = [{ path: 'labels', element: <LabelsPage /> }];
