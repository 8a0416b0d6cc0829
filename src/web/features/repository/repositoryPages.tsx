import type { ReactNode } from 'react';
import { ProjectLayout } from '../projects/ProjectLayout';
import type { ProjectPage } from '../projects/projectRoutes';
import { BlobPage } from './BlobPage';
import { BranchesPage } from './BranchesPage';
import { CommitPage } from './CommitPage';
import { CommitsPage } from './CommitsPage';
import { EditBlobPage } from './EditBlobPage';
import { TreePage } from './TreePage';

const page = (path: string, element: ReactNode): ProjectPage => ({
  path,
  element: <ProjectLayout>{element}</ProjectLayout>,
});

/** The repository's pages under a project (after `/-/`); `*` is `{ref}/{path}`. */
export const repositoryPages: ProjectPage[] = [
  page('tree/*', <TreePage />),
  page('blob/*', <BlobPage />),
  page('edit/*', <EditBlobPage mode="edit" />),
  page('new/*', <EditBlobPage mode="new" />),
  page('branches', <BranchesPage />),
  page('commits/*', <CommitsPage />),
  page('commit/:sha', <CommitPage />),
];
