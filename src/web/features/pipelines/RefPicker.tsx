import { GitBranchIcon } from '@primer/octicons-react';
import { ActionList, ActionMenu, Spinner, TextInput } from '@primer/react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useDebounced } from '../../components/useDebounced';
import { useBranchSearch } from './runPipeline';

type Props = {
  fullPath: string;
  value: string;
  onChange: (ref: string) => void;
  /** The label the button is named by (the form's "Run for branch name or tag"). */
  labelId: string;
};

/**
 * GitLab's refs dropdown: a button showing the ref, opening a searchable list of branches. The
 * down arrow leaves the search box for the list, the arrows move, Enter picks; Escape closes.
 */
export function RefPicker({ fullPath, value, onChange, labelId }: Props) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 250);
  const branches = useBranchSearch(fullPath, debounced, open);
  const list = useRef<HTMLDivElement>(null);
  const toList = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown') return;
    const first = list.current?.querySelector<HTMLElement>('[role="menuitemradio"]');
    if (!first) return;
    event.preventDefault();
    first.focus();
  };
  const names = branches.data ?? [];
  return (
    <ActionMenu open={open} onOpenChange={setOpen}>
      <ActionMenu.Button aria-labelledby={`${labelId} ref-picker-value`} leadingVisual={GitBranchIcon}>
        <span id="ref-picker-value">{value}</span>
      </ActionMenu.Button>
      <ActionMenu.Overlay width="medium">
        <div className="ref-picker__search">
          <TextInput
            block
            autoFocus
            aria-label="Search branches"
            placeholder="Search branches"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={toList}
          />
        </div>
        <div ref={list} className="ref-picker__list">
          {branches.isError ? (
            <p className="ref-picker__note" role="alert">
              Branches or tags could not be loaded.
            </p>
          ) : branches.isPending ? (
            <div className="ref-picker__note">
              <Spinner size="small" srText="Loading branches" />
            </div>
          ) : names.length === 0 ? (
            <p className="ref-picker__note muted">No matching results</p>
          ) : (
            <ActionList selectionVariant="single" aria-label="Branches">
              <ActionList.Group>
                <ActionList.GroupHeading>Branches</ActionList.GroupHeading>
                {names.map((name) => (
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
            </ActionList>
          )}
        </div>
      </ActionMenu.Overlay>
    </ActionMenu>
  );
}
