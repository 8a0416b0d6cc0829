import { RepoIcon } from '@primer/octicons-react';
import { Flash, Heading, LinkButton, Spinner } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import { ListPagination } from '../projects/ListPagination';
import { ProjectList } from '../projects/ProjectList';
import { PROJECTS_PER_PAGE, useProjects } from '../projects/queries';
import { useSession } from '../session/useSession';
import { ListControls } from './ListControls';
import { useListParams, type Scope } from './useListParams';
import '../projects/projects.css';

/** `/dashboard/projects`: the viewer's projects ("Yours") and every project they may see ("Explore"). */
export function DashboardProjectsPage() {
  const session = useSession();
  if (session.isPending) return <Spinner size="large" srText="Loading" className="page-spinner" />;
  return <ProjectsDashboard signedIn={Boolean(session.data?.user)} />;
}

function ProjectsDashboard({ signedIn }: { signedIn: boolean }) {
  const { scope, search, page, hrefFor, go } = useListParams(signedIn);
  const projects = useProjects(scope, search, page);
  return (
    <div className="stack">
      <div className="page-title">
        <Heading as="h1">Projects</Heading>
        {signedIn && (
          <LinkButton as={RouterLink} to="/projects/new" variant="primary">
            New project
          </LinkButton>
        )}
      </div>
      <ListControls
        signedIn={signedIn}
        scope={scope}
        search={search}
        noun="projects"
        hrefFor={hrefFor}
        onSearch={(text) => go({ search: text, page: 1 })}
      />
      {projects.isPending ? (
        <Spinner srText="Loading projects" />
      ) : projects.isError ? (
        <Flash variant="danger">{projects.error.message}</Flash>
      ) : projects.data.items.length === 0 ? (
        <EmptyProjects scope={scope} searching={search !== ''} signedIn={signedIn} />
      ) : (
        <>
          <ProjectList projects={projects.data.items} />
          <ListPagination
            total={projects.data.total}
            perPage={PROJECTS_PER_PAGE}
            page={page}
            hrefFor={(n) => hrefFor({ page: n })}
            onPage={(n) => go({ page: n })}
          />
        </>
      )}
    </div>
  );
}

function EmptyProjects({
  scope,
  searching,
  signedIn,
}: {
  scope: Scope;
  searching: boolean;
  signedIn: boolean;
}) {
  if (searching)
    return (
      <div className="box blankslate">
        <p>No projects match your search</p>
      </div>
    );
  return (
    <div className="box blankslate stack">
      <RepoIcon size={32} className="blankslate__icon" />
      <Heading as="h2" variant="small">
        {scope === 'yours' ? 'No projects yet' : 'No projects to explore yet'}
      </Heading>
      <p>Projects hold a repository, its merge requests and the people working on it.</p>
      {signedIn && (
        <div>
          <LinkButton as={RouterLink} to="/projects/new" variant="primary">
            New project
          </LinkButton>
        </div>
      )}
    </div>
  );
}
