import type { ReactNode } from 'react';
import { ProjectLayout } from '../projects/ProjectLayout';
import type { ProjectPage } from '../projects/projectRoutes';
import { IssueListPage } from './IssueListPage';
import { IssuePage } from './IssuePage';
import { NewIssuePage } from './NewIssuePage';

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
