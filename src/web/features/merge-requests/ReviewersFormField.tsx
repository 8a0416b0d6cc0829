import { FormControl } from '@primer/react';
import type { UserBasic } from '../../../shared/api/users';
import { PeoplePicker } from '../../components/PeoplePicker';
import { NoteAvatar } from '../notes/NoteAvatar';
import '../../components/sidebar.css';

type Props = { fullPath: string; value: UserBasic[]; onChange: (reviewers: UserBasic[]) => void };

/** The create and edit forms' "Reviewers": members picked from the same menu as the sidebar's. */
export function ReviewersFormField({ fullPath, value, onChange }: Props) {
  const ids = value.map((user) => user.id);
  const toggle = (user: UserBasic) =>
    onChange(ids.includes(user.id) ? value.filter((other) => other.id !== user.id) : [...value, user]);
  return (
    <FormControl>
      <FormControl.Label as="span">Reviewers</FormControl.Label>
      <div className="sidebar__block sidebar__block--form" role="group" aria-label="Reviewers">
        {value.length === 0 ? (
          <p className="muted sidebar__value">None</p>
        ) : (
          <ul className="sidebar__people" aria-label="Reviewers chosen">
            {value.map((user) => (
              <li key={user.id} className="sidebar__reviewer">
                <NoteAvatar author={user} size={24} />
                <span className="sidebar__reviewer-name">
                  <strong>{user.name}</strong> <span className="muted">@{user.username}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
        <PeoplePicker
          fullPath={fullPath}
          picked={value}
          pickedIds={ids}
          onToggle={toggle}
          label="Request review from"
          anchorLabel="Select reviewers"
        />
      </div>
    </FormControl>
  );
}
