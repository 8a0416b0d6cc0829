import { Button, Flash, Pagination, Spinner, TextInput, UnderlineNav } from '@primer/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { StateListLink } from './useStateListParams';
import './state-list.css';

type TabsProps<S extends string> = {
  label: string;
  tabs: ReadonlyArray<{ state: S; label: string }>;
  current: S;
  /** Per tab, in order; undefined while loading. */
  counts: ReadonlyArray<number | undefined>;
  linkTo: (next: StateListLink<S>) => string;
};

/** Open / Closed / All ... with each tab's count. */
export function StateTabs<S extends string>({ label, tabs, current, counts, linkTo }: TabsProps<S>) {
  return (
    <UnderlineNav aria-label={label}>
      {tabs.map((tab, index) => (
        <UnderlineNav.Item
          key={tab.state}
          as={RouterLink}
          to={linkTo({ state: tab.state, page: 1 })}
          aria-current={tab.state === current ? 'page' : undefined}
          counter={counts[index]}
        >
          {tab.label}
        </UnderlineNav.Item>
      ))}
    </UnderlineNav>
  );
}

/** The list's search box; searching starts again at the first page. */
export function ListSearch({
  label,
  search,
  onSearch,
}: {
  label: string;
  search: string;
  onSearch: (text: string) => void;
}) {
  const [draft, setDraft] = useState(search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form className="row" role="search" onSubmit={submit}>
      <TextInput
        aria-label={label}
        placeholder="Search or filter results…"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        className="state-list__search"
      />
      <Button type="submit">Search</Button>
    </form>
  );
}

/** Page links under the list, when there is more than one page. */
export function ListPages<S extends string>({
  total,
  perPage,
  page,
  linkTo,
  go,
}: {
  total: number;
  perPage: number;
  page: number;
  linkTo: (next: StateListLink<S>) => string;
  go: (next: StateListLink<S>) => void;
}) {
  if (total <= perPage) return null;
  return (
    <Pagination
      pageCount={Math.ceil(total / perPage)}
      currentPage={page}
      hrefBuilder={(n) => linkTo({ page: n })}
      onPageChange={(event, n) => {
        event.preventDefault();
        go({ page: n });
      }}
    />
  );
}

/**
 * A state list's body: a spinner while loading, the error, the empty state (`empty`, in a blankslate),
 * or the rows with page links under them.
 */
export function StateListBody<T, S extends string>({
  list,
  label,
  className,
  empty,
  row,
  perPage,
  page,
  linkTo,
  go,
}: {
  list: UseQueryResult<{ items: T[]; total: number }>;
  label: string;
  className: string;
  empty: ReactNode;
  row: (item: T) => ReactNode;
  perPage: number;
  page: number;
  linkTo: (next: StateListLink<S>) => string;
  go: (next: StateListLink<S>) => void;
}) {
  if (list.isPending) return <Spinner />;
  if (list.isError) return <Flash variant="danger">{list.error.message}</Flash>;
  if (list.data.items.length === 0) return <div className="box blankslate">{empty}</div>;
  return (
    <>
      <ul className={`box ${className}`} aria-label={label}>
        {list.data.items.map(row)}
      </ul>
      <ListPages total={list.data.total} perPage={perPage} page={page} linkTo={linkTo} go={go} />
    </>
  );
}
