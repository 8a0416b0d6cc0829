import {
  CodeIcon,
  GearIcon,
  GitBranchIcon,
  GitCommitIcon,
  GitPullRequestIcon,
  HomeIcon,
  IssueOpenedIcon,
  PeopleIcon,
  RocketIcon,
  TagIcon,
} from '@primer/octicons-react';
import { Flash, Heading, NavList, Spinner } from '@primer/react';
import { Suspense, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import type { Project } from '../../../shared/api/projects';
import { ApiError } from '../../api/client';
import { useSession } from '../../lib/useSession';
import { EntityAvatar } from '../../components/EntityAvatar';
import { viewerAccessLevel } from '../../lib/viewerAccessLevel';
import { activeSection, projectNavEntries, type ProjectSection } from './projectNavigation';
import { projectUrl, useProjectFullPath } from './projectRoutes';
import { useProject } from './queries';
import { VisibilityLabel } from '../../components/VisibilityLabel';
import '../../components/entity-pages.css';
import './projects.css';

const ICONS: Record<ProjectSection, typeof HomeIcon> = {
  overview: HomeIcon,
  files: CodeIcon,
  commits: GitCommitIcon,
  branches: GitBranchIcon,
  issues: IssueOpenedIcon,
  merge_requests: GitPullRequestIcon,
  pipelines: RocketIcon,
  labels: TagIcon,
  members: PeopleIcon,
  settings: GearIcon,
};

type ProjectLayoutProps = {
  children: ReactNode;
  /** Defaults to the project in the URL (`/{namespace}/{project}/-/...`). */
  fullPath?: string;
};

/**
 * The frame of every project page: the project's name, visibility and navigation beside the page.
 * A project the viewer may not see reads as "not found".
 */
export function ProjectLayout({ children, fullPath: given }: ProjectLayoutProps) {
  const fromUrl = useProjectFullPath();
  const fullPath = given ?? fromUrl;
  const project = useProject(fullPath);
  switch (project.status) {
    case 'pending':
      return <Spinner size="large" srText="Loading project" className="page-spinner" />;
    case 'error':
      return <ProjectLoadError error={project.error} />;
    case 'success':
      return <ProjectFrame project={project.data}>{children}</ProjectFrame>;
  }
}

function ProjectLoadError({ error }: { error: Error }) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <div className="stack">
      <Heading as="h1">{notFound ? 'Page not found' : 'Something went wrong'}</Heading>
      <Flash variant={notFound ? 'default' : 'danger'}>
        {notFound
          ? 'The page could not be found or you do not have permission to see it.'
          : `The project could not be loaded: ${error.message}`}
      </Flash>
    </div>
  );
}

function ProjectFrame({ project, children }: { project: Project; children: ReactNode }) {
  const { pathname } = useLocation();
  const admin = useSession().data?.user?.admin ?? false;
  const fullPath = project.path_with_namespace;
  const active = activeSection(pathname);
  const entries = projectNavEntries(project.default_branch, viewerAccessLevel(project, admin));
  return (
    <div className="project-layout">
      <aside className="project-layout__side">
        <RouterLink to={projectUrl(fullPath)} className="project-layout__identity">
          <EntityAvatar id={project.id} name={project.name} />
          <span className="project-layout__name">{project.name}</span>
        </RouterLink>
        <NavList aria-label="Project">
          {entries.map(({ section, label, page }) => {
            const Icon = ICONS[section];
            return (
              <NavList.Item
                key={section}
                as={RouterLink}
                to={projectUrl(fullPath, page)}
                aria-current={section === active ? 'page' : undefined}
              >
                <NavList.LeadingVisual>
                  <Icon />
                </NavList.LeadingVisual>
                {label}
              </NavList.Item>
            );
          })}
        </NavList>
      </aside>
      <div className="project-layout__main">
        <nav className="project-layout__crumbs muted" aria-label="Breadcrumbs">
          <RouterLink to={`/${project.namespace.full_path}`}>{project.namespace.name}</RouterLink>
          <span aria-hidden="true">/</span>
          <RouterLink to={projectUrl(fullPath)}>{project.name}</RouterLink>
          <VisibilityLabel visibility={project.visibility} />
        </nav>
        {project.archived && (
          <Flash variant="warning">
            This project is archived. Its repository and merge requests are read-only.
          </Flash>
        )}
        {/* A page's module loading keeps the project's frame on screen. */}
        <Suspense fallback={<Spinner />}>{children}</Suspense>
      </div>
    </div>
  );
}
