import { RepoIcon } from '@primer/octicons-react';
import { Flash, Heading, Spinner } from '@primer/react';
import { useState } from 'react';
import type { UserBasic } from '../../../shared/api/users';
import { EntityAvatar } from '../../components/EntityAvatar';
import { ListPagination } from '../../components/ListPagination';
import { ProjectList } from '../../components/ProjectList';
import { PROJECTS_PER_PAGE, useUserProjects } from '../projects/queries';
import '../../components/entity-pages.css';

/** `/{username}`: a user and the personal projects the viewer may see. */
export function UserNamespacePage({ user }: { user: UserBasic }) {
  const [page, setPage] = useState(1);
  const projects = useUserProjects(user.username, page);
  return (
    <div className="stack">
      <div className="entity-header">
        <EntityAvatar id={user.id} name={user.name} size={48} />
        <div className="entity-header__text">
          <Heading as="h1">{user.name}</Heading>
          <span className="muted">@{user.username}</span>
        </div>
      </div>
      <Heading as="h2" variant="small">
        Personal projects
      </Heading>
      {projects.isPending ? (
        <Spinner srText="Loading projects" />
      ) : projects.isError ? (
        <Flash variant="danger">{projects.error.message}</Flash>
      ) : projects.data.items.length === 0 ? (
        <div className="box blankslate stack">
          <RepoIcon size={32} className="blankslate__icon" />
          <p>No personal projects to show</p>
        </div>
      ) : (
        <>
          <ProjectList projects={projects.data.items} label="Personal projects" />
          <ListPagination
            total={projects.data.total}
            perPage={PROJECTS_PER_PAGE}
            page={page}
            hrefFor={() => '#'}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}
