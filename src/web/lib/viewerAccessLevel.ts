import type { Project } from '../../shared/api/projects';

/** The viewer's effective level on a project: the higher of direct and group membership; Owner for admins. */
export function viewerAccessLevel(project: Pick<Project, 'permissions'>, admin: boolean): number {
  if (admin) return 50;
  return Math.max(
    project.permissions.project_access?.access_level ?? 0,
    project.permissions.group_access?.access_level ?? 0,
  );
}
