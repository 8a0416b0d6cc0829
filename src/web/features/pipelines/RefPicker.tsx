import { ActionList, ActionMenu, Spinner, TextInput } from '@primer/react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useDebounced } from '../../components/useDebounced';
import { useRefSearch, type RefGroups } from './runPipeline';

type Props = {
  fullPath: string;
  value: string;
  onChange: (ref: string) => void;
  /** The label the button is named by (the form's "Run for branch name or tag"). */
  labelId: string;
};

const GROUPS: ReadonlyArray<{ key: keyof RefGroups; heading: string }> = [
  { key: 'branches', heading: 'Branches' },
  { key: 'tags', heading: 'Tags' },
];

/**
 * GitLab's refs dropdown: a button showing the ref, opening a searchable list of branches and
 * tags, grouped under "Branches" and "Tags". The down arrow leaves the search box for the list,
 * the arrows move, Enter picks; Escape closes.
 */
export function RefPicker({ fullPath, value, onChange, labelId }: Props) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 250);
  const refs = useRefSearch(fullPath, debounced, open);
  const list = useRef<HTMLDivElement>(null);
  const toList = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown') return;
    const first = list.current?.querySelector<HTMLElement>('[role="menuitemradio"]');
    if (!first) return;
    event.preventDefault();
    first.focus();
  };
  const groups = GROUPS.map((group) => ({ ...group, names: refs.data?.[group.key] ?? [] })).filter(
    (group) => group.names.length > 0,
  );
  return (
    <ActionMenu open={open} onOpenChange={setOpen}>
      {/* No branch or tag icon: which one the ref is is only known once the list is read. */}
      <ActionMenu.Button aria-labelledby={`${labelId} ref-picker-value`}>
        <span id="ref-picker-value">{value}</span>
      </ActionMenu.Button>
      <ActionMenu.Overlay width="medium">
        <div className="ref-picker__search">
          <TextInput
            block
            autoFocus
            aria-label="Search branches and tags"
            placeholder="Search branches and tags"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={toList}
          />
        </div>
        <div ref={list} className="ref-picker__list">
          {refs.isError ? (
            <p className="ref-picker__note" role="alert">
              Branches or tags could not be loaded.
            </p>
          ) : refs.isPending ? (
            <div className="ref-picker__note">
              <Spinner size="small" srText="Loading branches and tags" />
            </div>
          ) : groups.length === 0 ? (
            <p className="ref-picker__note muted">No matching results</p>
          ) : (
            <ActionList selectionVariant="single" aria-label="Branches and tags">
              {groups.map((group) => (
                <ActionList.Group key={group.key}>
                  <ActionList.GroupHeading>{group.heading}</ActionList.GroupHeading>
                  {group.names.map((name) => (
                    <ActionList.Item
                      key={name}
                      role="menuitemradio"
                      selected={name === value}
                      onSelect={() => {
                        onChange(name);
                        setOpen(false);
                      }}
                    >
                      {name}
                    </ActionList.Item>
                  ))}
                </ActionList.Group>
              ))}
            </ActionList>
          )}
        </div>
      </ActionMenu.Overlay>
    </ActionMenu>
  );
}
