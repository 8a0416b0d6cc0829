import { GitBranchIcon } from '@primer/octicons-react';
import { ActionList, ActionMenu, Spinner, TextInput } from '@primer/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useBranches } from './queries';

/** The branch menu of file and commit pages: pick a branch, stay on the same path. */
export function RefSwitcher({
  fullPath,
  currentRef,
  linkFor,
}: {
  fullPath: string;
  currentRef: string;
  linkFor: (ref: string) => string;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const navigate = useNavigate();
  return (
    <ActionMenu open={open} onOpenChange={setOpen}>
      <ActionMenu.Button
        className="ref-switcher__button"
        leadingVisual={GitBranchIcon}
        aria-label={`Switch branch, current: ${currentRef}`}
        title={currentRef}
      >
        {currentRef}
      </ActionMenu.Button>
      <ActionMenu.Overlay width="medium">
        <div className="ref-switcher__search">
          <TextInput
            aria-label="Search branches"
            placeholder="Search branches"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            block
          />
        </div>
        {open && (
          <BranchChoices
            fullPath={fullPath}
            search={search}
            currentRef={currentRef}
            onPick={(ref) => void navigate(linkFor(ref))}
          />
        )}
      </ActionMenu.Overlay>
    </ActionMenu>
  );
}

function BranchChoices({
  fullPath,
  search,
  currentRef,
  onPick,
}: {
  fullPath: string;
  search: string;
  currentRef: string;
  onPick: (ref: string) => void;
}) {
  const branches = useBranches(fullPath, search.trim(), 1, 100);
  if (branches.status === 'pending') return <Spinner size="small" className="ref-switcher__status" />;
  if (branches.status === 'error') return <p className="ref-switcher__status">{branches.error.message}</p>;
  if (branches.data.items.length === 0)
    return <p className="ref-switcher__status muted">No matching branches</p>;
  return (
    <ActionList selectionVariant="single" aria-label="Branches">
      {branches.data.items.map((branch) => (
        <ActionList.Item
          key={branch.name}
          selected={branch.name === currentRef}
          onSelect={() => onPick(branch.name)}
        >
          {branch.name}
          {branch.default && <ActionList.TrailingVisual>default</ActionList.TrailingVisual>}
        </ActionList.Item>
      ))}
    </ActionList>
  );
}
