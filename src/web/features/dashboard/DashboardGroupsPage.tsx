import { OrganizationIcon } from '@primer/octicons-react';
import { GroupList } from '../groups/GroupList';
import { GROUPS_PER_PAGE, useGroups } from '../groups/queries';
import { DashboardList, type DashboardKind } from './DashboardList';
import type { ListParams } from './useListParams';

const GROUPS: DashboardKind = {
  title: 'Groups',
  noun: 'groups',
  newLabel: 'New group',
  newPath: '/groups/new',
  icon: OrganizationIcon,
  pitch: 'Groups gather projects and the people who work on them, with roles shared by every project inside.',
  perPage: GROUPS_PER_PAGE,
};

const useGroupPage = ({ scope, search, page }: ListParams) => useGroups(scope, search, page);

/** `/dashboard/groups`: the groups the viewer belongs to, and every group they may see. */
export function DashboardGroupsPage() {
  return (
    <DashboardList
      kind={GROUPS}
      useItems={useGroupPage}
      renderItems={(groups) => <GroupList groups={groups} />}
    />
  );
}
