import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useProjectFullPath } from '../projects/projectRoutes';
import { useProject } from '../projects/queries';
import { LoadState } from './LoadState';
import { PushInstructions } from './PushInstructions';
import { useRefAndPath } from './queries';

export type RefAndPath = { fullPath: string; gitRef: string; path: string };

/**
 * A page at `{project}/-/{page}/{ref}/{path}`. Without a ref it shows the default branch, and an
 * empty repository shows how to push to it instead.
 */
export function AtRefAndPath({ what, children }: { what: string; children: (at: RefAndPath) => ReactNode }) {
  const fullPath = useProjectFullPath();
  const splat = useParams()['*'] ?? '';
  const project = useProject(fullPath);
  const resolved = useRefAndPath(fullPath, splat);
  if (!splat) {
    if (project.status !== 'success') return <LoadState error={project.error} what="project" />;
    if (project.data.empty_repo || !project.data.default_branch)
      return (
        <div className="stack">
          <PushInstructions fullPath={fullPath} httpUrl={project.data.http_url_to_repo} />
        </div>
      );
    return children({ fullPath, gitRef: project.data.default_branch, path: '' });
  }
  if (resolved.status !== 'success') return <LoadState error={null} what={what} />;
  return children({ fullPath, gitRef: resolved.ref, path: resolved.path });
}
