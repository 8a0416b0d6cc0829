import { Heading } from '@primer/react';
import type { Project } from '../../../shared/api/projects';
import { ProjectOverview } from './ProjectOverview';
import { CloneBox } from './CloneBox';
import { EntityAvatar } from '../../components/EntityAvatar';
import { ProjectLayout } from '../projects/ProjectLayout';
import { useProject } from '../projects/queries';
import { VisibilityLabel } from '../../components/VisibilityLabel';
import '../../components/entity-pages.css';

/** `/{namespace}/{project}`: who the project is, how to clone it, then its files and README. */
export function ProjectHomePage({ fullPath }: { fullPath: string }) {
  const project = useProject(fullPath);
  return (
    <ProjectLayout fullPath={fullPath}>
      {project.data && <ProjectHeader project={project.data} />}
      <ProjectOverview fullPath={fullPath} />
    </ProjectLayout>
  );
}

function ProjectHeader({ project }: { project: Project }) {
  return (
    <header className="stack">
      <div className="entity-header">
        <EntityAvatar id={project.id} name={project.name} size={48} />
        <div className="entity-header__text">
          <div className="entity-header__title">
            <Heading as="h1">{project.name}</Heading>
            <VisibilityLabel visibility={project.visibility} />
          </div>
          <span className="muted">Project ID: {project.id}</span>
          {project.description && <p className="entity-header__description">{project.description}</p>}
        </div>
      </div>
      <CloneBox url={project.http_url_to_repo} />
    </header>
  );
}
