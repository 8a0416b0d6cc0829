import type { ReactNode } from 'react';
import { useParams, type RouteObject } from 'react-router';

/** A page under a project: `path` is what follows `/-/` (e.g. `merge_requests/:iid`). */
export type ProjectPage = { path: string; element: ReactNode };

/** Projects sit under up to this many nested namespaces in the web app's routes. */
const MAX_NAMESPACE_DEPTH = 4;

const namespaceParams = (depth: number) => Array.from({ length: depth }, (_, i) => `:ns${i}`).join('/');

/**
 * GitLab's URLs put the project's full path before `/-/`: `/group/sub/project/-/merge_requests/1`.
 * React Router matches fixed segments, so each page is mounted once per namespace depth.
 */
export function expandProjectPages(pages: ProjectPage[]): RouteObject[] {
  const routes: RouteObject[] = [];
  for (let depth = 1; depth <= MAX_NAMESPACE_DEPTH; depth++) {
    for (const page of pages) {
      routes.push({ path: `/${namespaceParams(depth)}/:project/-/${page.path}`, element: page.element });
    }
  }
  return routes;
}

/** The full path of the project in the current URL (`group/sub/project`). */
export function useProjectFullPath(): string {
  const params = useParams();
  const parts: string[] = [];
  for (let i = 0; i < MAX_NAMESPACE_DEPTH; i++) {
    const part = params[`ns${i}`];
    if (part) parts.push(part);
  }
  if (params.project) parts.push(params.project);
  return parts.join('/');
}

/** Builds a link under a project: `projectUrl('a/b', 'merge_requests/1')` -> `/a/b/-/merge_requests/1`. */
export const projectUrl = (fullPath: string, page = ''): string =>
  page ? `/${fullPath}/-/${page}` : `/${fullPath}`;
