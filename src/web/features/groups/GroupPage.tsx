import { GearIcon, PeopleIcon, RepoIcon, ServerIcon } from '@primer/octicons-react';
import { Flash, Heading, LinkButton, Spinner } from '@primer/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Group } from '../../../shared/api/groups';
import { ListPagination } from '../../components/ListPagination';
import { ProjectList } from '../../components/ProjectList';
import { GroupHeader } from './GroupHeader';
import { LoadedGroup } from './LoadedGroup';
import { GroupList } from './GroupList';
import { GROUPS_PER_PAGE, useGroupProjects, useSubgroups } from './queries';
import { useGroupAccess } from './useGroupAccess';
import '../../components/entity-pages.css';

/** A group's home: its subgroups and projects, and for Maintainers the ways to add more. */
export function GroupPage({ fullPath }: { fullPath: string }) {
  return <LoadedGroup fullPath={fullPath}>{(group) => <GroupHome group={group} />}</LoadedGroup>;
}

function GroupHome({ group }: { group: Group }) {
  const level = useGroupAccess(group.full_path);
  const maintainer = level >= 40;
  return (
    <div className="stack">
      <div className="page-title">
        <GroupHeader group={group} />
        <div className="page-title__actions">
          <LinkButton
            as={RouterLink}
            to={`/groups/${group.full_path}/-/group_members`}
            leadingVisual={PeopleIcon}
          >
            Members
          </LinkButton>
          {/* Group runners take every project's jobs below the group: its Owners manage them. */}
          {level >= 50 && (
            <>
              <LinkButton
                as={RouterLink}
                to={`/groups/${group.full_path}/-/runners`}
                leadingVisual={ServerIcon}
              >
                Runners
              </LinkButton>
              {/* Settings > Merge requests: the approval settings its projects inherit. */}
              <LinkButton
                as={RouterLink}
                to={`/groups/${group.full_path}/-/settings/merge_requests`}
                leadingVisual={GearIcon}
              >
                Settings
              </LinkButton>
            </>
          )}
          {maintainer && (
            <>
              <LinkButton as={RouterLink} to={`/groups/new?parent_id=${group.id}`}>
                New subgroup
              </LinkButton>
              <LinkButton as={RouterLink} to={`/projects/new?namespace_id=${group.id}`} variant="primary">
                New project
              </LinkButton>
            </>
          )}
        </div>
      </div>
      <Subgroups fullPath={group.full_path} />
      <Projects group={group} maintainer={maintainer} />
    </div>
  );
}

function Subgroups({ fullPath }: { fullPath: string }) {
  const [page, setPage] = useState(1);
  const subgroups = useSubgroups(fullPath, page);
  if (subgroups.isPending || (subgroups.isSuccess && subgroups.data.total === 0)) return null;
  if (subgroups.isError) return <Flash variant="danger">{subgroups.error.message}</Flash>;
  return (
    <section className="stack" aria-label="Subgroups">
      <Heading as="h2" variant="small">
        Subgroups
      </Heading>
      <GroupList groups={subgroups.data.items} label="Subgroups" />
      <ListPagination
        total={subgroups.data.total}
        perPage={GROUPS_PER_PAGE}
        page={page}
        hrefFor={() => '#'}
        onPage={setPage}
      />
    </section>
  );
}

function Projects({ group, maintainer }: { group: Group; maintainer: boolean }) {
  const [page, setPage] = useState(1);
  const projects = useGroupProjects(group.full_path, page);
  return (
    <section className="stack" aria-label="Group projects">
      <Heading as="h2" variant="small">
        Projects
      </Heading>
      {projects.isPending ? (
        <Spinner srText="Loading projects" />
      ) : projects.isError ? (
        <Flash variant="danger">{projects.error.message}</Flash>
      ) : projects.data.items.length === 0 ? (
        <div className="box blankslate stack">
          <RepoIcon size={32} className="blankslate__icon" />
          <p>No projects in this group yet</p>
          {maintainer && (
            <div>
              <LinkButton as={RouterLink} to={`/projects/new?namespace_id=${group.id}`} variant="primary">
                New project
              </LinkButton>
            </div>
          )}
        </div>
      ) : (
        <>
          <ProjectList projects={projects.data.items} label="Group projects" />
          <ListPagination
            total={projects.data.total}
            perPage={GROUPS_PER_PAGE}
            page={page}
            hrefFor={() => '#'}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
