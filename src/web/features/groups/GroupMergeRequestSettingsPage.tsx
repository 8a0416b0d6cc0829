import { Flash } from '@primer/react';
import type { Group } from '../../../shared/api/groups';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { GroupApprovalSettingsSection } from '../approvals/GroupApprovalSettingsSection';
import { GroupHeader } from './GroupHeader';
import { LoadedGroup } from './LoadedGroup';
import { useGroupAccess } from './useGroupAccess';

/** `/groups/{path}/-/settings/merge_requests`: the group's merge request settings, for its Owners. */
export function GroupMergeRequestSettingsPage({ fullPath }: { fullPath: string }) {
  return (
    <LoadedGroup fullPath={fullPath}>{(group) => <GroupMergeRequestSettings group={group} />}</LoadedGroup>
  );
}

function GroupMergeRequestSettings({ group }: { group: Group }) {
  const level = useGroupAccess(group.full_path);
  return (
    <div className="stack">
      <GroupHeader group={group} title="Merge requests" />
      {level >= ACCESS_LEVELS.owner ? (
        <GroupApprovalSettingsSection fullPath={group.full_path} />
      ) : (
        <Flash variant="warning">Only the group&apos;s Owners can change its merge request settings.</Flash>
      )}
    </div>
  );
}
