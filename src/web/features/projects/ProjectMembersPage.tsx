import { Heading, Link } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import type { Project } from '../../../shared/api/projects';
import { useSession } from '../../lib/useSession';
import { MembersPanel } from '../members/MembersPanel';
import { viewerAccessLevel } from '../../lib/viewerAccessLevel';
import { ProjectLayout } from './ProjectLayout';
import { useProjectFullPath } from './projectRoutes';
import { useProject } from './queries';

/** `{project}/-/project_members`: the project's members; Maintainers manage them. */
export function ProjectMembersPage() {
  const fullPath = useProjectFullPath();
  const project = useProject(fullPath);
  return <ProjectLayout>{project.data && <ProjectMembers project={project.data} />}</ProjectLayout>;
}

function ProjectMembers({ project }: { project: Project }) {
  const admin = useSession().data?.user?.admin ?? false;
  const level = viewerAccessLevel(project, admin);
  return (
    <div className="stack">
      <Heading as="h1">Project members</Heading>
      <p className="muted">
        {level >= 40
          ? 'Add people to the project and choose their role; their role decides what they can do.'
          : 'The people with a role in this project.'}
        {project.namespace.kind === 'group' && (
          <>
            {' '}
            Members of{' '}
            <Link inline as={RouterLink} to={`/groups/${project.namespace.full_path}/-/group_members`}>
              {project.namespace.name}
            </Link>{' '}
            and its parent groups have access too.
          </>
        )}
      </p>
      <MembersPanel
        source={{ kind: 'projects', fullPath: project.path_with_namespace }}
        canManage={level >= 40}
        canManageOwners={level >= 50}
      />
    </div>
  );
}
