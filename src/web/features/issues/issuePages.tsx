import type { ReactNode } from 'react';
import { ProjectLayout } from '../projects/ProjectLayout';
import type { ProjectPage } from '../projects/projectRoutes';
import { lazyComponent } from '../../components/lazyComponent';

const IssueListPage = lazyComponent(() => import('./IssueListPage').then((m) => m.IssueListPage));
const IssuePage = lazyComponent(() => import('./IssuePage').then((m) => m.IssuePage));
const NewIssuePage = lazyComponent(() => import('./NewIssuePage').then((m) => m.NewIssuePage));

const page = (path: string, element: ReactNode): ProjectPage => ({
  path,
  element: <ProjectLayout>{element}</ProjectLayout>,
});

/** Issue pages under a project, at GitLab's paths after `/-/`. */
export const issuePages: ProjectPage[] = [
  page('issues', <IssueListPage />),
  page('issues/new', <NewIssuePage />),
  page('issues/:iid', <IssuePage />),
];
