import { ActionList, ActionMenu } from '@primer/react';
import { DISCUSSION_FILTER_OPTIONS } from '../../../shared/notes/discussionFilter';
import { SORT_OPTIONS, type SortDirection } from '../../../shared/notes/sortDirection';

type Props = {
  sort: SortDirection;
  onSort: (direction: SortDirection) => void;
  filter: number;
  onFilter: (filter: number) => void;
};

/** Spec 001 section 2.2: one "Sort or filter" dropdown with the sort direction and the discussion filter. */
export function SortOrFilterMenu({ sort, onSort, filter, onFilter }: Props) {
  return (
    <ActionMenu>
      <ActionMenu.Button size="small">Sort or filter</ActionMenu.Button>
      <ActionMenu.Overlay width="small" align="end">
        <ActionList>
          <OptionGroup title="Sort" options={SORT_OPTIONS} selected={sort} onSelect={onSort} />
          <ActionList.Divider />
          <OptionGroup
            title="Filter"
            options={DISCUSSION_FILTER_OPTIONS}
            selected={filter}
            onSelect={onFilter}
          />
        </ActionList>
      </ActionMenu.Overlay>
    </ActionMenu>
  );
}

function OptionGroup<T extends string | number>({
  title,
  options,
  selected,
  onSelect,
}: {
  title: string;
  options: readonly { value: T; title: string }[];
  selected: T;
  onSelect: (value: T) => void;
}) {
  return (
    <ActionList.Group selectionVariant="single">
      <ActionList.GroupHeading>{title}</ActionList.GroupHeading>
      {options.map((option) => (
        <ActionList.Item
          key={option.value}
          selected={selected === option.value}
          onSelect={() => onSelect(option.value)}
        >
          {option.title}
        </ActionList.Item>
      ))}
    </ActionList.Group>
  );
}
