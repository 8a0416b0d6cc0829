import { ActionList, Button, Flash, FormControl, Select, TextInput } from '@primer/react';
import { useState, type FormEvent } from 'react';
import { useDebounced } from '../../components/useDebounced';
import { accessLevelName, MEMBER_ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { UserBasic } from '../../../shared/api/users';
import { EntityAvatar } from '../../components/EntityAvatar';
import { useAddMember } from './mutations';
import { useUserSearch, type MemberSource } from './queries';
import '../../components/entity-pages.css';
import './members.css';

/** Finds a user by username or name, picks a role and adds them. */
export function AddMemberForm({
  source,
  canManageOwners,
}: {
  source: MemberSource;
  canManageOwners: boolean;
}) {
  const add = useAddMember(source);
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<UserBasic | null>(null);
  const [level, setLevel] = useState(30);
  const [added, setAdded] = useState<string | null>(null);
  const search = useDebounced(query.trim(), 250);
  const users = useUserSearch(picked ? '' : search);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!picked) return;
    add.mutate(
      { user_id: picked.id, access_level: level },
      {
        onSuccess: (member) => {
          setAdded(`${member.name} was added as ${accessLevelName(member.access_level)}.`);
          setPicked(null);
          setQuery('');
        },
      },
    );
  };

  const searching = !picked && query.trim() !== '' && search !== '';
  const choices = searching ? (users.data ?? []) : [];
  return (
    <form className="box settings-section stack" onSubmit={submit} aria-label="Add a member">
      {add.isError && <Flash variant="danger">{add.error.message}</Flash>}
      {added && !add.isError && <Flash variant="success">{added}</Flash>}
      <div className="add-member">
        <FormControl>
          <FormControl.Label>Username or name</FormControl.Label>
          <TextInput
            block
            value={picked ? `${picked.name} (@${picked.username})` : query}
            placeholder="Search for a user"
            autoComplete="off"
            onChange={(event) => {
              setPicked(null);
              setAdded(null);
              setQuery(event.target.value);
            }}
          />
        </FormControl>
        <FormControl>
          <FormControl.Label>Role</FormControl.Label>
          <Select block value={String(level)} onChange={(event) => setLevel(Number(event.target.value))}>
            {MEMBER_ACCESS_LEVELS.filter((l) => l < 50 || canManageOwners).map((l) => (
              <Select.Option key={l} value={String(l)}>
                {accessLevelName(l)}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <Button type="submit" variant="primary" disabled={!picked || add.isPending}>
          Add member
        </Button>
      </div>
      {choices.length > 0 && (
        <ActionList role="listbox" aria-label="Matching users" className="box">
          {choices.map((user) => (
            <ActionList.Item key={user.id} role="option" onSelect={() => setPicked(user)}>
              <ActionList.LeadingVisual>
                <EntityAvatar id={user.id} name={user.name} size={20} />
              </ActionList.LeadingVisual>
              {user.name}
              <ActionList.Description>@{user.username}</ActionList.Description>
            </ActionList.Item>
          ))}
        </ActionList>
      )}
      {searching && users.isSuccess && users.data.length === 0 && (
        <p className="muted">No users match “{search}”.</p>
      )}
    </form>
  );
}
