import { CI_STATUSES, type CiStatus } from '../status/composite';

/** The pipelines list's filter keys (spec 002 section 9), GitLab's REST parameter names. */
export const PIPELINE_FILTER_KEYS = ['username', 'ref', 'status', 'source'] as const;
export type PipelineFilterKey = (typeof PIPELINE_FILTER_KEYS)[number];

/** The pipeline sources one can filter by (spec 002 section 9). */
export const PIPELINE_FILTER_SOURCES = [
  'api',
  'chat',
  'external',
  'external_pull_request_event',
  'merge_request_event',
  'pipeline',
  'push',
  'schedule',
  'trigger',
  'web',
  'unknown',
] as const;

export const RAW_TEXT_SEARCH_UNSUPPORTED =
  'Raw text search is not currently supported. Please use the available search tokens.';

/** What each token is called where the list offers it (GitLab's token titles). */
export const PIPELINE_FILTER_TITLES: Record<PipelineFilterKey, string> = {
  username: 'Trigger author',
  ref: 'Branch name',
  status: 'Status',
  source: 'Source',
};

/** Other words people type for a key: a branch or a tag is a ref, the author is the username. */
const ALIASES: Record<string, PipelineFilterKey> = {
  username: 'username',
  author: 'username',
  'trigger-author': 'username',
  trigger_author: 'username',
  ref: 'ref',
  branch: 'ref',
  tag: 'ref',
  status: 'status',
  source: 'source',
};

export type PipelineFilters = Partial<Record<PipelineFilterKey, string>>;

export type PipelineSearch = {
  filters: PipelineFilters;
  /** Words that are not `key:value` tokens: the list cannot search for them. */
  rawText: string[];
  /** Tokens whose value the key does not accept, in the user's words (`status:green`). */
  invalid: string[];
};

const isStatus = (value: string): value is CiStatus => (CI_STATUSES as readonly string[]).includes(value);
const isSource = (value: string) => (PIPELINE_FILTER_SOURCES as readonly string[]).includes(value);

/** Splits on spaces, keeping a `"quoted value"` whole. */
function words(text: string): string[] {
  return [...text.matchAll(/(?:[^\s"]+|"[^"]*")+/g)].map((match) => match[0]);
}

const unquote = (value: string) => value.replace(/^"(.*)"$/, '$1');

/**
 * Reads the filtered search box: `status:failed ref:main username:olivia source:push`. A later
 * token of a key replaces an earlier one (the list filters by one value of each); anything else
 * is raw text, which the list answers with RAW_TEXT_SEARCH_UNSUPPORTED.
 */
export function parsePipelineSearch(text: string): PipelineSearch {
  const search: PipelineSearch = { filters: {}, rawText: [], invalid: [] };
  for (const word of words(text)) {
    const colon = word.indexOf(':');
    const key = colon > 0 ? ALIASES[word.slice(0, colon).toLowerCase()] : undefined;
    const value = colon > 0 ? unquote(word.slice(colon + 1)) : '';
    if (!key || value === '') {
      search.rawText.push(word);
      continue;
    }
    if ((key === 'status' && !isStatus(value)) || (key === 'source' && !isSource(value))) {
      search.invalid.push(word);
      continue;
    }
    search.filters[key] = value;
  }
  return search;
}

/** The filters as the box shows them again, in the keys' order. */
export function pipelineSearchText(filters: PipelineFilters): string {
  return PIPELINE_FILTER_KEYS.flatMap((key) => {
    const value = filters[key];
    if (!value) return [];
    return [`${key}:${/\s/.test(value) ? `"${value}"` : value}`];
  }).join(' ');
}

/** The filters an address query carries (`?status=failed&ref=main`), unknown values left out. */
export function pipelineFiltersFromQuery(query: URLSearchParams): PipelineFilters {
  const text = pipelineSearchText(
    Object.fromEntries(
      PIPELINE_FILTER_KEYS.flatMap((key) => (query.get(key) ? [[key, query.get(key)!]] : [])),
    ),
  );
  return parsePipelineSearch(text).filters;
}
