import { useSearchParams } from 'react-router';

/** GitLab's list filter by label, as label references link to it. */
const LABEL_PARAM = 'label_name[]';

export type StateListLink<S extends string> = {
  state?: S;
  search?: string;
  page?: number;
  labels?: string[];
};

/**
 * A list's state tab, search, label filter and page, kept in the URL
 * (`?state=opened&search=x&label_name[]=bug&page=2`, GitLab's names) so that links and the back
 * button work; the first of `states` is the default tab.
 */
export function useStateListParams<S extends string>(states: readonly [S, ...S[]]) {
  const [params, setParams] = useSearchParams();
  const state = states.find((s) => s === params.get('state')) ?? states[0];
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const labels = params.getAll(LABEL_PARAM);

  const linkTo = (next: StateListLink<S>): string => {
    const query = new URLSearchParams();
    query.set('state', next.state ?? state);
    const text = next.search ?? search;
    if (text) query.set('search', text);
    for (const label of next.labels ?? labels) query.append(LABEL_PARAM, label);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    return `?${query.toString()}`;
  };
  const go = (next: StateListLink<S>) => setParams(new URLSearchParams(linkTo(next).slice(1)));

  return { state, search, page, labels, linkTo, go };
}
