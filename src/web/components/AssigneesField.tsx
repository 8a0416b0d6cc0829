import { Flash } from '@primer/react';
import { useState } from 'react';
import type { UserBasic } from '../../shared/api/users';
import { cutAvatarList } from '../../shared/notes/displayLimits';
import { NoneOrAssignYourself, PeoplePicker, usePickedIds } from './PeoplePicker';
import './sidebar.css';

/** The spec's words when assigning fails (section 8). */
export const ASSIGN_FAILED = 'Something went wrong while updating assignees';

type Props = {
  fullPath: string;
  assignees: UserBasic[];
  /** `can_set_issue_metadata` on issues, `can_update` on merge requests. */
  canEdit: boolean;
  /** Saves the whole list (`assignee_ids`). */
  update: { mutate: (body: { assignee_ids: number[] }) => void; isError: boolean };
};

/** The sidebar's assignees of an issue or a merge request: each pick saves at once. */
export function AssigneesField({ fullPath, assignees, canEdit, update }: Props) {
  const { pickedIds, ask, toggled } = usePickedIds(
    assignees.map((user) => user.id),
    update.isError,
  );
  const save = (ids: number[]) => {
    ask(ids);
    update.mutate({ assignee_ids: ids });
  };

  return (
    <section className="sidebar__block" aria-label="Assignees">
      <div className="sidebar__heading">
        <span>Assignees</span>
        {canEdit && (
          <PeoplePicker
            fullPath={fullPath}
            picked={assignees}
            pickedIds={pickedIds}
            onToggle={(user) => save(toggled(user.id))}
            label="Assign to"
          />
        )}
      </div>
      {update.isError && <Flash variant="danger">{ASSIGN_FAILED}</Flash>}
      {assignees.length === 0 ? (
        <NoneOrAssignYourself canEdit={canEdit} onPick={(id) => save([id])} />
      ) : (
        <AssigneeList assignees={assignees} />
      )}
    </section>
  );
}

/** Spec 001 section 2.10's avatar list: the first 10, then "N more" to expand and "show less" to fold. */
function AssigneeList({ assignees }: { assignees: UserBasic[] }) {
  const [expanded, setExpanded] = useState(false);
  const { shown, more } = cutAvatarList(assignees);
  const listed = expanded ? assignees : shown;
  return (
    <>
      <ul className="sidebar__people" aria-label="Assigned">
        {listed.map((user) => (
          <li key={user.id}>
            <strong>{user.name}</strong> <span className="muted">@{user.username}</span>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <button type="button" className="sidebar__link" onClick={() => setExpanded(!expanded)}>
          {expanded ? 'show less' : `${more} more`}
        </button>
      )}
    </>
  );
}
