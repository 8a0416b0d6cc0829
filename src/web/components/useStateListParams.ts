import { useSearchParams } from 'react-router';

export type StateListLink<S extends string> = { state?: S; search?: string; page?: number };

/**
 * A list's state tab, search and page, kept in the URL (`?state=opened&search=x&page=2`) so that
 * links and the back button work; the first of `states` is the default tab.
 */
export function useStateListParams<S extends string>(states: readonly [S, ...S[]]) {
  const [params, setParams] = useSearchParams();
  const state = states.find((s) => s === params.get('state')) ?? states[0];
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);

  const linkTo = (next: StateListLink<S>): string => {
    const query = new URLSearchParams();
    query.set('state', next.state ?? state);
    const text = next.search ?? search;
    if (text) query.set('search', text);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    return `?${query.toString()}`;
  };
  const go = (next: StateListLink<S>) => setParams(new URLSearchParams(linkTo(next).slice(1)));

  return { state, search, page, linkTo, go };
}
