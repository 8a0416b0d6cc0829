import { Label, Link, RelativeTime } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import { accessLevelName } from '../../shared/access/accessLevels';
import type { Project } from '../../shared/api/projects';
import { EntityAvatar } from './EntityAvatar';
import { viewerAccessLevel } from '../lib/viewerAccessLevel';
import { VisibilityIcon } from './VisibilityLabel';
import './entity-pages.css';

/** Projects as rows: name with namespace, visibility, the viewer's role, description, last activity. */
export function ProjectList({ projects, label = 'Projects' }: { projects: Project[]; label?: string }) {
  return (
    <ul className="box entity-list" aria-label={label}>
      {projects.map((project) => (
        <ProjectRow key={project.id} project={project} />
      ))}
    </ul>
  );
}

function ProjectRow({ project }: { project: Project }) {
  const level = viewerAccessLevel(project, false);
  return (
    <li className="box__row entity-row">
      <EntityAvatar id={project.id} name={project.name} />
      <div className="entity-row__main">
        <div className="entity-row__title">
          <Link as={RouterLink} to={`/${project.path_with_namespace}`}>
            {project.name_with_namespace}
          </Link>
          <VisibilityIcon visibility={project.visibility} />
          {level > 0 && <Label variant="secondary">{accessLevelName(level)}</Label>}
          {project.archived && <Label variant="attention">Archived</Label>}
        </div>
        {project.description && <span className="muted entity-row__description">{project.description}</span>}
      </div>
      <div className="entity-row__side muted">
        <span>
          Updated <RelativeTime date={new Date(project.last_activity_at)} />
        </span>
      </div>
    </li>
  );
}
