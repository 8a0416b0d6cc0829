import { BookIcon } from '@primer/octicons-react';
import { UnderlineNav } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import { projectUrl } from '../projects/projectRoutes';
import { refPage } from './repositoryPaths';

type Tab = 'files' | 'commits' | 'branches';

/** The project's name and the repository's tabs, atop every repository page. */
export function RepositoryHeader({
  fullPath,
  gitRef,
  current,
}: {
  fullPath: string;
  gitRef?: string;
  current: Tab;
}) {
  const tabs: Array<{ id: Tab; label: string; to: string }> = [
    { id: 'files', label: 'Files', to: projectUrl(fullPath, gitRef ? refPage('tree', gitRef) : 'tree') },
    {
      id: 'commits',
      label: 'Commits',
      to: projectUrl(fullPath, gitRef ? refPage('commits', gitRef) : 'commits'),
    },
    { id: 'branches', label: 'Branches', to: projectUrl(fullPath, 'branches') },
  ];
  return (
    <div className="repo-header">
      <RouterLink to={projectUrl(fullPath)} className="repo-header__project">
        <BookIcon /> {fullPath}
      </RouterLink>
      <UnderlineNav aria-label="Repository">
        {tabs.map((tab) => (
          <UnderlineNav.Item
            key={tab.id}
            as={RouterLink}
            to={tab.to}
            aria-current={tab.id === current ? 'page' : undefined}
          >
            {tab.label}
          </UnderlineNav.Item>
        ))}
      </UnderlineNav>
    </div>
  );
}
