import type { Group } from '../../../shared/api/groups';
import { MembersPanel } from '../members/MembersPanel';
import { GroupHeader } from './GroupHeader';
import { LoadedGroup } from './LoadedGroup';
import { useGroupAccess } from './useGroupAccess';

/** `/groups/{path}/-/group_members`: the group's members; Maintainers manage them. */
export function GroupMembersPage({ fullPath }: { fullPath: string }) {
  return <LoadedGroup fullPath={fullPath}>{(group) => <GroupMembers group={group} />}</LoadedGroup>;
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
