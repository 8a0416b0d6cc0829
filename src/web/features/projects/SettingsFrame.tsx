import { Flash, Heading, UnderlineNav } from '@primer/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Project } from '../../../shared/api/projects';
import { useSession } from '../../lib/useSession';
import { viewerAccessLevel } from '../../lib/viewerAccessLevel';
import { ProjectLayout } from './ProjectLayout';
import { projectUrl, useProjectFullPath } from './projectRoutes';
import { useProject } from './queries';
import '../../components/entity-pages.css';
import './projects.css';

/** The project's settings pages, as GitLab splits them: General (`/-/edit`), Repository, Merge requests and CI/CD. */
const SETTINGS_PAGES = [
  { page: 'edit', label: 'General' },
  { page: 'settings/repository', label: 'Repository' },
  { page: 'settings/merge_requests', label: 'Merge requests' },
  { page: 'settings/ci_cd', label: 'CI/CD' },
] as const;

export type SettingsPage = (typeof SETTINGS_PAGES)[number]['page'];

type Props = {
  current: SettingsPage;
  title: string;
  /** The page's sections, for a Maintainer (or an Owner: `level` says which). */
  children: (project: Project, level: number) => ReactNode;
};

/**
 * A settings page: Maintainers and above see its sections; others are told why not (the server
 * refuses their changes either way).
 */
export function SettingsFrame({ current, title, children }: Props) {
  const fullPath = useProjectFullPath();
  const project = useProject(fullPath);
  const admin = useSession().data?.user?.admin ?? false;
  const level = project.data ? viewerAccessLevel(project.data, admin) : 0;
  return (
    <ProjectLayout>
      {project.data &&
        (level >= 40 ? (
          <div className="stack form-page">
            <Heading as="h1">{title}</Heading>
            <UnderlineNav aria-label="Settings">
              {SETTINGS_PAGES.map(({ page, label }) => (
                <UnderlineNav.Item
                  key={page}
                  as={RouterLink}
                  to={projectUrl(fullPath, page)}
                  aria-current={page === current ? 'page' : undefined}
                >
                  {label}
                </UnderlineNav.Item>
              ))}
            </UnderlineNav>
            {children(project.data, level)}
          </div>
        ) : (
          <Flash variant="warning">
            You need at least the Maintainer role to change this project’s settings.
          </Flash>
        ))}
    </ProjectLayout>
  );
}
