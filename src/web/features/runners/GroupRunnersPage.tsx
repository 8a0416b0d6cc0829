import { GroupHeader } from '../groups/GroupHeader';
import { LoadedGroup } from '../groups/LoadedGroup';
import { RunnersPage } from './RunnersPage';

/** `/groups/{path}/-/runners`: the group's runners, for its Owners (the server refuses the others). */
export function GroupRunnersPage({ fullPath }: { fullPath: string }) {
  return (
    <LoadedGroup fullPath={fullPath}>
      {(group) => (
        <div className="stack">
          <GroupHeader group={group} title={`${group.name} runners`} />
          <RunnersPage
            owner={{ type: 'group', fullPath: group.full_path }}
            intro="Group runners take the jobs of every project in this group and its subgroups."
            empty="This group has no runners yet. Create a group runner to run the jobs of its projects."
          />
        </div>
      )}
    </LoadedGroup>
  );
}
