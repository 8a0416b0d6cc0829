import { RepoIcon } from '@primer/octicons-react';
import { ProjectList } from '../../components/ProjectList';
import { PROJECTS_PER_PAGE, useProjects } from '../projects/queries';
import { DashboardList, type DashboardKind } from './DashboardList';
import type { ListParams } from './useListParams';

const PROJECTS: DashboardKind = {
  title: 'Projects',
  noun: 'projects',
  newLabel: 'New project',
  newPath: '/projects/new',
  icon: RepoIcon,
  pitch: 'Projects hold a repository, its merge requests and the people working on it.',
  perPage: PROJECTS_PER_PAGE,
};

const useProjectPage = ({ scope, search, page }: ListParams) => useProjects(scope, search, page);

/** `/dashboard/projects`: the viewer's projects ("Yours") and every project they may see ("Explore"). */
export function DashboardProjectsPage() {
  return (
    <DashboardList
      kind={PROJECTS}
      useItems={useProjectPage}
      renderItems={(projects) => <ProjectList projects={projects} />}
    />
  );
}
