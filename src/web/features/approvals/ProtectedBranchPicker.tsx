import { ActionList, ActionMenu, Spinner, TextInput } from '@primer/react';
import { useState } from 'react';
import { useDebounced } from '../../components/useDebounced';
import { useProtectedBranchSearch } from './settingsQueries';

/** Where a rule applies: every branch, every protected branch, or the protected branches named. */
export type BranchChoice =
  { kind: 'all' } | { kind: 'allProtected' } | { kind: 'branches'; branches: { id: number; name: string }[] };

export const BRANCH_FETCH_ERROR = 'Something went wrong while fetching branches';
export const NO_MATCHING_BRANCHES = 'No matching results';
const ALL_BRANCHES = 'All branches';
const ALL_PROTECTED_BRANCHES = 'All protected branches';

/** The words a rule's target branches are shown in. */
export function branchChoiceText(choice: BranchChoice): string {
  switch (choice.kind) {
    case 'all':
      return ALL_BRANCHES;
    case 'allProtected':
      return ALL_PROTECTED_BRANCHES;
    case 'branches':
      return choice.branches.length === 0 ? ALL_BRANCHES : choice.branches.map((b) => b.name).join(', ');
  }
}

/** Picking a branch adds or removes it; the two "All" entries stand alone. */
function toggleBranch(choice: BranchChoice, branch: { id: number; name: string }): BranchChoice {
  const chosen = choice.kind === 'branches' ? choice.branches : [];
  const has = chosen.some((b) => b.id === branch.id);
  const branches = has ? chosen.filter((b) => b.id !== branch.id) : [...chosen, branch];
  return branches.length === 0 ? { kind: 'all' } : { kind: 'branches', branches };
}

type Props = {
  fullPath: string;
  value: BranchChoice;
  onChange: (choice: BranchChoice) => void;
  invalid: boolean;
};

/** The rule form's target branch picker over the project's protected branches. */
export function ProtectedBranchPicker({ fullPath, value, onChange: change, invalid }: Props) {
  const [open, setOpen] = useState(false);
  // Each pick closes the menu, as the sidebar's pickers do.
  const onChange = (choice: BranchChoice) => {
    change(choice);
    setOpen(false);
  };
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 250);
  const branches = useProtectedBranchSearch(fullPath, term, open);
  const chosenIds = value.kind === 'branches' ? value.branches.map((b) => b.id) : [];
  return (
    <ActionMenu open={open} onOpenChange={setOpen}>
      <ActionMenu.Button
        aria-label="Target branch"
        block
        className={invalid ? 'approval-rule__invalid' : undefined}
      >
        {branchChoiceText(value)}
      </ActionMenu.Button>
      <ActionMenu.Overlay width="medium">
        <div className="approval-rule__search">
          <TextInput
            block
            aria-label="Search branches"
            placeholder="Search branches"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <ActionList selectionVariant="multiple" aria-label="Branches">
          <ActionList.Item selected={value.kind === 'all'} onSelect={() => onChange({ kind: 'all' })}>
            {ALL_BRANCHES}
          </ActionList.Item>
          <ActionList.Item
            selected={value.kind === 'allProtected'}
            onSelect={() => onChange({ kind: 'allProtected' })}
          >
            {ALL_PROTECTED_BRANCHES}
          </ActionList.Item>
          <ActionList.Divider />
          {branches.data?.map((branch) => (
            <ActionList.Item
              key={branch.id}
              selected={chosenIds.includes(branch.id)}
              onSelect={() => onChange(toggleBranch(value, branch))}
            >
              {branch.name}
            </ActionList.Item>
          ))}
        </ActionList>
        {branches.isPending && <Spinner size="small" />}
        {branches.isError && (
          <p className="approval-rule__picker-note fgColor-danger">{BRANCH_FETCH_ERROR}</p>
        )}
        {branches.data?.length === 0 && (
          <p className="approval-rule__picker-note muted">{NO_MATCHING_BRANCHES}</p>
        )}
      </ActionMenu.Overlay>
    </ActionMenu>
  );
}
