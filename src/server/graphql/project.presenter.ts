import type { ProjectContext } from '../features/projects/projects.service';
import { toGlobalId } from './global-id';

/** GitLab's `Project`, as `project(fullPath:)` and the types that name a project show it. */
export const presentProject = (found: ProjectContext, externalUrl: string) => ({
  projectId: found.project.id,
  id: toGlobalId('Project', found.project.id),
  name: found.project.name,
  fullPath: found.fullPath,
  webUrl: `${externalUrl}/${found.fullPath}`,
  visibility: found.project.visibility,
  archived: found.project.archived,
  onlyAllowMergeIfPipelineSucceeds: found.project.onlyAllowMergeIfPipelineSucceeds,
});
