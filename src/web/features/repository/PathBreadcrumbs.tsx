import { Breadcrumbs } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import { projectUrl } from '../projects/projectRoutes';
import { pathCrumbs, refPage } from './repositoryPaths';

/** `project / src / lib / file.ts`: each folder links to its tree at the same ref. */
export function PathBreadcrumbs({
  fullPath,
  gitRef,
  path,
}: {
  fullPath: string;
  gitRef: string;
  path: string;
}) {
  const crumbs = pathCrumbs(path);
  const projectName = fullPath.slice(fullPath.lastIndexOf('/') + 1);
  return (
    <Breadcrumbs>
      <Breadcrumbs.Item
        as={RouterLink}
        to={projectUrl(fullPath, refPage('tree', gitRef))}
        selected={crumbs.length === 0}
      >
        {projectName}
      </Breadcrumbs.Item>
      {crumbs.map((crumb, index) => (
        <Breadcrumbs.Item
          key={crumb.path}
          as={RouterLink}
          to={projectUrl(fullPath, refPage('tree', gitRef, crumb.path))}
          selected={index === crumbs.length - 1}
        >
          {crumb.name}
        </Breadcrumbs.Item>
      ))}
    </Breadcrumbs>
  );
}
