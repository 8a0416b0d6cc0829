import { IconButton, TextInput } from '@primer/react';
import { ChevronDownIcon, ChevronUpIcon, SearchIcon } from '@primer/octicons-react';

type Props = {
  query: string;
  index: number;
  count: number;
  onQuery: (query: string) => void;
  onStep: (step: 1 | -1) => void;
};

/** "Find in changes": a search over every loaded line, since most lines are not in the DOM. */
export function DiffSearch({ query, index, count, onQuery, onStep }: Props) {
  return (
    <span className="diff-search">
      <TextInput
        leadingVisual={SearchIcon}
        aria-label="Find in changes"
        placeholder="Find in changes"
        size="small"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onStep(event.shiftKey ? -1 : 1);
          }
        }}
      />
      {query.trim() !== '' && (
        <span className="muted diff-search__count" aria-live="polite">
          {count === 0 ? 'No matches' : `${index + 1} of ${count}`}
        </span>
      )}
      <IconButton
        icon={ChevronUpIcon}
        aria-label="Previous match"
        size="small"
        disabled={count === 0}
        onClick={() => onStep(-1)}
      />
      <IconButton
        icon={ChevronDownIcon}
        aria-label="Next match"
        size="small"
        disabled={count === 0}
        onClick={() => onStep(1)}
      />
    </span>
  );
}
