import { IconButton, TextInput } from '@primer/react';
import { ChevronDownIcon, ChevronUpIcon, SearchIcon } from '@primer/octicons-react';
import { type RefObject, useId } from 'react';

type Props = {
  inputRef: RefObject<HTMLInputElement | null>;
  query: string;
  index: number;
  count: number;
  /** Files whose lines are loaded (and so searched), of every file of the diff. */
  searchedFiles: number;
  totalFiles: number;
  onQuery: (query: string) => void;
  onStep: (step: 1 | -1) => void;
};

/**
 * "Find in changes": a search over every loaded line, since most lines are not in the DOM. It
 * reads only lines already loaded, so while some are not (batches still coming, collapsed files
 * not expanded) the box says how many files it covers.
 */
export function DiffSearch({
  inputRef,
  query,
  index,
  count,
  searchedFiles,
  totalFiles,
  onQuery,
  onStep,
}: Props) {
  const scopeId = useId();
  const scope =
    searchedFiles < totalFiles
      ? `in ${searchedFiles.toLocaleString('en-US')} of ${totalFiles.toLocaleString('en-US')} files`
      : null;
  return (
    <span className="diff-search">
      <TextInput
        ref={inputRef}
        leadingVisual={SearchIcon}
        trailingVisual={scope && <span id={scopeId}>{scope}</span>}
        aria-label="Find in changes"
        aria-describedby={scope ? scopeId : undefined}
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
