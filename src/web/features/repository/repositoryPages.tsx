import type { ReactNode } from 'react';
import { ProjectLayout } from '../projects/ProjectLayout';
import type { ProjectPage } from '../projects/projectRoutes';
import { lazyComponent } from '../../components/lazyComponent';

const BlobPage = lazyComponent(() => import('./BlobPage').then((m) => m.BlobPage));
const BranchesPage = lazyComponent(() => import('./BranchesPage').then((m) => m.BranchesPage));
const CommitPage = lazyComponent(() => import('./CommitPage').then((m) => m.CommitPage));
const CommitsPage = lazyComponent(() => import('./CommitsPage').then((m) => m.CommitsPage));
const EditBlobPage = lazyComponent(() => import('./EditBlobPage').then((m) => m.EditBlobPage));
const TreePage = lazyComponent(() => import('./TreePage').then((m) => m.TreePage));

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
