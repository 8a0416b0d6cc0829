import { useSearchParams } from 'react-router';

export type Scope = 'yours' | 'explore';

/**
 * A dashboard list's state lives in the URL (`?scope=explore&search=x&page=2`), so it survives a
 * reload and can be shared. Anonymous visitors only have "Explore".
 */
export function useListParams(signedIn: boolean) {
  const [params, setParams] = useSearchParams();
  const scope: Scope = signedIn && params.get('scope') !== 'explore' ? 'yours' : 'explore';
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);

  const hrefFor = (next: { scope?: Scope; search?: string; page?: number }) => {
    const query = new URLSearchParams();
    const nextScope = next.scope ?? scope;
    if (nextScope === 'explore' && signedIn) query.set('scope', 'explore');
    const text = next.search ?? search;
    if (text) query.set('search', text);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    const rendered = query.toString();
    return rendered ? `?${rendered}` : '?';
  };
  const go = (next: { scope?: Scope; search?: string; page?: number }) =>
    setParams(new URLSearchParams(hrefFor(next).slice(1)));

  return { scope, search, page, hrefFor, go };
}

export type ListParams = ReturnType<typeof useListParams>;
