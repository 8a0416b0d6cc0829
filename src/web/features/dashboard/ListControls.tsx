import { Button, TextInput, UnderlineNav } from '@primer/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Scope } from './useListParams';

type ListControlsProps = {
  signedIn: boolean;
  scope: Scope;
  search: string;
  /** `projects` or `groups`: names the tabs and the search box. */
  noun: string;
  hrefFor: (next: { scope?: Scope; search?: string; page?: number }) => string;
  onSearch: (search: string) => void;
};

/** "Yours" / "Explore" tabs and a search box above a dashboard list. */
export function ListControls({ signedIn, scope, search, noun, hrefFor, onSearch }: ListControlsProps) {
  const [draft, setDraft] = useState(search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  const tabs: Array<{ scope: Scope; label: string }> = signedIn
    ? [
        { scope: 'yours', label: 'Yours' },
        { scope: 'explore', label: 'Explore' },
      ]
    : [{ scope: 'explore', label: 'Explore' }];
  return (
    <>
      <UnderlineNav aria-label={`Which ${noun}`}>
        {tabs.map((tab) => (
          <UnderlineNav.Item
            key={tab.scope}
            as={RouterLink}
            to={hrefFor({ scope: tab.scope, page: 1 })}
            aria-current={tab.scope === scope ? 'page' : undefined}
          >
            {tab.label}
          </UnderlineNav.Item>
        ))}
      </UnderlineNav>
      <div className="list-toolbar">
        <form role="search" onSubmit={submit}>
          <TextInput
            aria-label={`Search ${noun}`}
            placeholder={`Filter by name`}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit">Search</Button>
        </form>
      </div>
    </>
  );
}
