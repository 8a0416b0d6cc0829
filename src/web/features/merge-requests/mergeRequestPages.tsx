import { lazyComponent } from '../../components/lazyComponent';
import type { ReactNode } from 'react';
import { ProjectLayout } from '../projects/ProjectLayout';
import type { ProjectPage } from '../projects/projectRoutes';
import { MergeRequestPage, MergeRequestPrefetch, type MergeRequestTab } from './MergeRequestPage';

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

/** A merge request's tab, its requests started beside the project's (see MergeRequestPrefetch). */
const tab = (path: string, name: MergeRequestTab): ProjectPage => ({
  path,
  element: (
    <MergeRequestPrefetch tab={name}>
      {page(path, <MergeRequestPage tab={name} />).element}
    </MergeRequestPrefetch>
  ),
});

/** Merge request pages under a project, at GitLab's paths after `/-/`. */
export const mergeRequestPages: ProjectPage[] = [
  page('merge_requests', <MergeRequestListPage />),
  page('merge_requests/new', <NewMergeRequestPage />),
  tab('merge_requests/:iid', 'overview'),
  tab('merge_requests/:iid/commits', 'commits'),
  tab('merge_requests/:iid/pipelines', 'pipelines'),
  tab('merge_requests/:iid/diffs', 'diffs'),
];
