import { ActionList, ActionMenu, Spinner, TextInput } from '@primer/react';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { UserBasic } from '../../shared/api/users';
import { useSession } from '../lib/useSession';
import { useAssignableMembers } from './assignableMembers';
import './sidebar.css';

type Props = {
  fullPath: string;
  /** The people picked now, shown first whatever the search. */
  picked: UserBasic[];
  /** Their ids as last asked for (ahead of `picked` while a save is under way). */
  pickedIds: number[];
  onToggle: (user: UserBasic) => void;
  /** The list's accessible name ("Assign to", "Request review from"). */
  label: string;
  /** The button that opens the menu: "Edit" in the sidebar. */
  anchorLabel?: string;
};

/**
 * A sidebar block's "Edit" menu: project members searched by name, picked and unpicked with a
 * click or the keyboard (the down arrow leaves the search for the people, the arrows move between
 * them, Enter or Space picks).
 */
export function PeoplePicker({ fullPath, picked, pickedIds, onToggle, label, anchorLabel = 'Edit' }: Props) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const members = useAssignableMembers(fullPath, search.trim(), open);
  const list = useRef<HTMLDivElement>(null);
  // From the search box, the down arrow goes to the people; the menu's arrows move on from there.
  const toPeople = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown') return;
    const first = list.current?.querySelector<HTMLElement>('[role="menuitemcheckbox"]');
    if (!first) return;
    event.preventDefault();
    first.focus();
  };
  // Picked people stay listed while the search narrows the members.
  const candidates: UserBasic[] = [
    ...picked,
    ...(members.data ?? []).filter((member) => !pickedIds.includes(member.id)),
  ];
  return (
    <ActionMenu open={open} onOpenChange={setOpen}>
      <ActionMenu.Anchor>
        <button type="button" className="sidebar__edit">
          {anchorLabel}
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
            onKeyDown={toPeople}
          />
        </div>
        <div ref={list}>
          <ActionList selectionVariant="multiple" aria-label={label}>
            {candidates.map((user) => (
              <ActionList.Item
                key={user.id}
                selected={pickedIds.includes(user.id)}
                onSelect={() => onToggle(user)}
              >
                {user.name}
                <ActionList.Description>@{user.username}</ActionList.Description>
              </ActionList.Item>
            ))}
          </ActionList>
        </div>
        {members.isPending && <Spinner size="small" />}
      </ActionMenu.Overlay>
    </ActionMenu>
  );
}

/**
 * The ids to build the next pick on: each pick builds on the list last asked for until the shown
 * one catches up, since a second pick made before the first save's answer would otherwise send a
 * list without the first pick. Once it has (or a save failed), the shown list is the one again.
 */
export function usePickedIds(shownIds: number[], saveFailed: boolean) {
  const [asked, setAsked] = useState<number[] | null>(null);
  if (asked !== null && (sameIds(asked, shownIds) || saveFailed)) setAsked(null);
  const pickedIds = asked ?? shownIds;
  const toggled = (id: number) =>
    pickedIds.includes(id) ? pickedIds.filter((other) => other !== id) : [...pickedIds, id];
  return { pickedIds, ask: setAsked, toggled };
}

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id));

/** An empty people block: "None", and for who may edit it "- assign yourself". */
export function NoneOrAssignYourself({
  canEdit,
  onPick,
}: {
  canEdit: boolean;
  onPick: (id: number) => void;
}) {
  const me = useSession().data?.user ?? null;
  return (
    <p className="muted sidebar__value">
      None
      {canEdit && me && (
        <>
          {' - '}
          <button type="button" className="sidebar__link" onClick={() => onPick(me.id)}>
            assign yourself
          </button>
        </>
      )}
    </p>
  );
}
