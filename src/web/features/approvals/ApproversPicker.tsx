import { PeopleIcon, XIcon } from '@primer/octicons-react';
import { ActionList, ActionMenu, IconButton, Spinner, TextInput } from '@primer/react';
import { useState } from 'react';
import { useDebounced } from '../../components/useDebounced';
import { useApproverSearch } from './settingsQueries';

export type Approver =
  | { kind: 'user'; id: number; name: string; username: string }
  | { kind: 'group'; id: number; name: string; fullPath: string };

const keyOf = (approver: Approver) => `${approver.kind}:${approver.id}`;

type Props = {
  fullPath: string;
  value: Approver[];
  onChange: (approvers: Approver[]) => void;
  invalid: boolean;
};

/** The rule form's approvers: project members and groups, searched by name, listed once chosen. */
export function ApproversPicker({ fullPath, value, onChange, invalid }: Props) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 250);
  const found = useApproverSearch(fullPath, term, open);
  const chosen = new Set(value.map(keyOf));
  const toggle = (approver: Approver) =>
    onChange(
      chosen.has(keyOf(approver))
        ? value.filter((other) => keyOf(other) !== keyOf(approver))
        : [...value, approver],
    );
  const candidates: Approver[] = [
    ...(found.data?.users ?? []).map((user) => ({
      kind: 'user' as const,
      id: user.id,
      name: user.name,
      username: user.username,
    })),
    ...(found.data?.groups ?? []).map((group) => ({
      kind: 'group' as const,
      id: group.id,
      name: group.name,
      fullPath: group.full_path,
    })),
  ];
  return (
    <div className="stack approval-rule__approvers">
      <ActionMenu open={open} onOpenChange={setOpen}>
        <ActionMenu.Button
          aria-label="Add approvers"
          block
          className={invalid ? 'approval-rule__invalid' : undefined}
        >
          Search users or groups
        </ActionMenu.Button>
        <ActionMenu.Overlay width="medium">
          <div className="approval-rule__search">
            <TextInput
              block
              aria-label="Search users or groups"
              placeholder="Search users or groups"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <ActionList selectionVariant="multiple" aria-label="Approver candidates">
            {candidates.map((approver) => (
              <ActionList.Item
                key={keyOf(approver)}
                selected={chosen.has(keyOf(approver))}
                onSelect={() => {
                  toggle(approver);
                  setOpen(false);
                }}
              >
                {approver.name}
                <ActionList.Description>
                  {approver.kind === 'user' ? `@${approver.username}` : approver.fullPath}
                </ActionList.Description>
              </ActionList.Item>
            ))}
          </ActionList>
          {found.isPending && <Spinner size="small" />}
        </ActionMenu.Overlay>
      </ActionMenu>
      {value.length > 0 && (
        <ul className="approval-rule__chosen" aria-label="Approvers">
          {value.map((approver) => (
            <li key={keyOf(approver)}>
              {approver.kind === 'group' && <PeopleIcon aria-label="Group" />}
              <span>{approver.name}</span>
              <span className="muted">
                {approver.kind === 'user' ? `@${approver.username}` : approver.fullPath}
              </span>
              <IconButton
                icon={XIcon}
                size="small"
                variant="invisible"
                aria-label={`Remove ${approver.name}`}
                onClick={() => toggle(approver)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
