import { SearchIcon } from '@primer/octicons-react';
import { Flash, IssueLabelToken, TextInput } from '@primer/react';
import { useState, type FormEvent } from 'react';
import {
  parsePipelineSearch,
  PIPELINE_FILTER_KEYS,
  PIPELINE_FILTER_TITLES,
  pipelineSearchText,
  RAW_TEXT_SEARCH_UNSUPPORTED,
  type PipelineFilters,
} from '../../../shared/ci/views/pipelineSearch';

type Props = {
  filters: PipelineFilters;
  /** What the last search could not use (raw text, refused values), in words; null when none. */
  problem: string | null;
  onSearch: (filters: PipelineFilters, problem: string | null) => void;
};

/**
 * The pipelines list's filtered search: `key:value` tokens of the spec's filter keys (trigger
 * author, branch or tag, status, source). Raw text finds nothing: the list says so in GitLab's
 * words and filters by the tokens alone.
 */
export function PipelinesSearch({ filters, problem, onSearch }: Props) {
  const [text, setText] = useState(() => pipelineSearchText(filters));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const search = parsePipelineSearch(text);
    const problems = [
      ...(search.rawText.length > 0 ? [RAW_TEXT_SEARCH_UNSUPPORTED] : []),
      ...search.invalid.map((token) => `No pipelines can match ${token}.`),
    ];
    setText(pipelineSearchText(search.filters));
    onSearch(search.filters, problems.length ? problems.join(' ') : null);
  };
  const remove = (key: keyof PipelineFilters) => {
    const next = { ...filters, [key]: undefined };
    setText(pipelineSearchText(next));
    onSearch(next, null);
  };
  const applied = PIPELINE_FILTER_KEYS.filter((key) => filters[key]);
  return (
    <form role="search" aria-label="Filter pipelines" onSubmit={submit} className="ci-search">
      <TextInput
        leadingVisual={SearchIcon}
        aria-label="Filter pipelines"
        placeholder="Filter pipelines: status:failed ref:main username:name source:push"
        value={text}
        onChange={(event) => setText(event.target.value)}
        block
      />
      <p className="ci-search__hint muted">
        Tokens:{' '}
        {PIPELINE_FILTER_KEYS.map((key, index) => (
          <span key={key}>
            {index > 0 && ', '}
            {PIPELINE_FILTER_TITLES[key]} <code>{key}:</code>
          </span>
        ))}
      </p>
      {applied.length > 0 && (
        <ul className="ci-search__tokens" aria-label="Applied filters">
          {applied.map((key) => (
            <li key={key}>
              <IssueLabelToken
                text={`${PIPELINE_FILTER_TITLES[key]} = ${filters[key]}`}
                onRemove={() => remove(key)}
                size="large"
                fillColor="#ddf4ff"
              />
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <Flash variant="warning" role="alert">
          {problem}
        </Flash>
      )}
    </form>
  );
}
