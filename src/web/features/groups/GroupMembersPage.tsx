import { Flash, Spinner } from '@primer/react';
import type { Group } from '../../../shared/api/groups';

import { NotFoundPage } from '../../components/NotFoundPage';
import { isNotFound } from '../projects/queries';
import { MembersPanel } from '../projects/MembersPanel';
import { GroupHeader } from './GroupHeader';
import { useGroup } from './queries';
import { useGroupAccess } from './useGroupAccess';

/** `/groups/{path}/-/group_members`: the group's members; Maintainers manage them. */
export function GroupMembersPage({ fullPath }: { fullPath: string }) {
  const group = useGroup(fullPath);
  switch (group.status) {
    case 'pending':
      return <Spinner size="large" srText="Loading group" className="page-spinner" />;
    case 'error':
      return isNotFound(group.error) ? (
        <NotFoundPage />
      ) : (
        <Flash variant="danger">{group.error.message}</Flash>
      );
    case 'success':
      return <GroupMembers group={group.data} />;
  }
}

function GroupMembers({ group }: { group: Group }) {
  const level = useGroupAccess(group.full_path);
  return (
    <div className="stack">
      <GroupHeader group={group} title={`${group.name} members`} />
      <p className="muted">Members of a group have their role in every project and subgroup inside it.</p>
      <MembersPanel
        source={{ kind: 'groups', fullPath: group.full_path }}
        canManage={level >= 40}
        canManageOwners={level >= 50}
      />
    </div>
  );
}
