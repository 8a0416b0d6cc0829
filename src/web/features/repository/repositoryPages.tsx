import type { ProjectPage } from '../projects/projectRoutes';
import { BlobPage } from './BlobPage';
import { BranchesPage } from './BranchesPage';
import { CommitPage } from './CommitPage';
import { CommitsPage } from './CommitsPage';
import { TreePage } from './TreePage';

/** The repository's pages under a project (after `/-/`); `*` is `{ref}/{path}`. */
export const repositoryPages: ProjectPage[] = [
  { path: 'tree/*', element: <TreePage /> },
  { path: 'blob/*', element: <BlobPage /> },
  { path: 'branches', element: <BranchesPage /> },
  { path: 'commits/*', element: <CommitsPage /> },
  { path: 'commit/:sha', element: <CommitPage /> },
];
