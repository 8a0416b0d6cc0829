import { OrganizationIcon } from '@primer/octicons-react';
import { Flash, Heading, LinkButton, Spinner } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import { GroupList } from '../groups/GroupList';
import { GROUPS_PER_PAGE, useGroups } from '../groups/queries';
import { ListPagination } from '../projects/ListPagination';
import { useSession } from '../session/useSession';
import { ListControls } from './ListControls';
import { useListParams } from './useListParams';
import '../projects/projects.css';

/** `/dashboard/groups`: the groups the viewer belongs to, and every group they may see. */
export function DashboardGroupsPage() {
  const session = useSession();
  if (session.isPending) return <Spinner size="large" srText="Loading" className="page-spinner" />;
  return <GroupsDashboard signedIn={Boolean(session.data?.user)} />;
}

function GroupsDashboard({ signedIn }: { signedIn: boolean }) {
  const { scope, search, page, hrefFor, go } = useListParams(signedIn);
  const groups = useGroups(scope, search, page);
  return (
    <div className="stack">
      <div className="page-title">
        <Heading as="h1">Groups</Heading>
        {signedIn && (
          <LinkButton as={RouterLink} to="/groups/new" variant="primary">
            New group
          </LinkButton>
        )}
      </div>
      <ListControls
        signedIn={signedIn}
        scope={scope}
        search={search}
        noun="groups"
        hrefFor={hrefFor}
        onSearch={(text) => go({ search: text, page: 1 })}
      />
      {groups.isPending ? (
        <Spinner srText="Loading groups" />
      ) : groups.isError ? (
        <Flash variant="danger">{groups.error.message}</Flash>
      ) : groups.data.items.length === 0 ? (
        search ? (
          <div className="box blankslate">
            <p>No groups match your search</p>
          </div>
        ) : (
          <div className="box blankslate stack">
            <OrganizationIcon size={32} className="blankslate__icon" />
            <Heading as="h2" variant="small">
              {scope === 'yours' ? 'No groups yet' : 'No groups to explore yet'}
            </Heading>
            <p>
              Groups gather projects and the people who work on them, with roles shared by every project
              inside.
            </p>
            {signedIn && (
              <div>
                <LinkButton as={RouterLink} to="/groups/new" variant="primary">
                  New group
                </LinkButton>
              </div>
            )}
          </div>
        )
      ) : (
        <>
          <GroupList groups={groups.data.items} />
          <ListPagination
            total={groups.data.total}
            perPage={GROUPS_PER_PAGE}
            page={page}
            hrefFor={(n) => hrefFor({ page: n })}
            onPage={(n) => go({ page: n })}
          />
        </>
      )}
    </div>
  );
}
