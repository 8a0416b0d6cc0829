import { ActionList, ActionMenu, Flash, Spinner, TextInput } from '@primer/react';
import { useState } from 'react';
import type { UserBasic } from '../../shared/api/users';
import { cutAvatarList } from '../../shared/notes/displayLimits';
import { useSession } from '../lib/useSession';
import { useAssignableMembers } from './assignableMembers';
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
  const me = useSession().data?.user ?? null;
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const members = useAssignableMembers(fullPath, search.trim(), open);
  const shownIds = assignees.map((user) => user.id);
  // Each pick builds on the list last asked for until the shown one catches up: a second pick made
  // before the first save's answer would otherwise send a list without the first pick.
  const [asked, setAsked] = useState<number[] | null>(null);
  // Once it has (or a save failed), the shown list is the one to build on again.
  if (asked !== null && (sameIds(asked, shownIds) || update.isError)) setAsked(null);
  const assignedIds = asked ?? shownIds;
  const save = (ids: number[]) => {
    setAsked(ids);
    update.mutate({ assignee_ids: ids });
  };
  const toggle = (id: number) =>
    save(assignedIds.includes(id) ? assignedIds.filter((other) => other !== id) : [...assignedIds, id]);
  // Assigned people stay listed while the search narrows the members.
  const candidates: UserBasic[] = [
    ...assignees,
    ...(members.data ?? []).filter((member) => !assignedIds.includes(member.id)),
  ];

  return (
    <section className="sidebar__block" aria-label="Assignees">
      <div className="sidebar__heading">
        <span>Assignees</span>
        {canEdit && (
          <ActionMenu open={open} onOpenChange={setOpen}>
            <ActionMenu.Anchor>
              <button type="button" className="sidebar__edit">
                Edit
              </button>
            </ActionMenu.Anchor>
            <ActionMenu.Overlay width="medium">
              <div className="sidebar__search">
                <TextInput
                  block
                  aria-label="Search users"
                  placeholder="Search users"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
              </div>
              <ActionList selectionVariant="multiple" aria-label="Assign to">
                {candidates.map((user) => (
                  <ActionList.Item
                    key={user.id}
                    selected={assignedIds.includes(user.id)}
                    onSelect={() => toggle(user.id)}
                  >
                    {user.name}
                    <ActionList.Description>@{user.username}</ActionList.Description>
                  </ActionList.Item>
                ))}
              </ActionList>
              {members.isPending && <Spinner size="small" />}
            </ActionMenu.Overlay>
          </ActionMenu>
        )}
      </div>
      {update.isError && <Flash variant="danger">{ASSIGN_FAILED}</Flash>}
      {assignees.length === 0 ? (
        <p className="muted sidebar__value">
          None
          {canEdit && me && (
            <>
              {' - '}
              <button type="button" className="sidebar__link" onClick={() => save([me.id])}>
                assign yourself
              </button>
            </>
          )}
        </p>
      ) : (
        <AssigneeList assignees={assignees} />
      )}
    </section>
  );
}

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id));

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
