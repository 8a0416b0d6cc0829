import { requestWithHeaders, type RequestOptions } from '../api/client';

/**
 * One page of a list with the totals GitLab's paging headers give: `X-Total` items in
 * `X-Total-Pages` pages. Without the headers the page counts for itself.
 */
export type Paged<T> = { items: T[]; total: number; totalPages: number };

/** Reads one page of a list endpoint and its totals. */
export async function requestPage<T>(path: string, options: RequestOptions = {}): Promise<Paged<T>> {
  const { data, headers } = await requestWithHeaders<T[]>(path, options);
  return {
    items: data,
    total: Number(headers.get('x-total') ?? data.length),
    totalPages: Number(headers.get('x-total-pages') ?? 1),
  };
}

/** How many items a list holds (a tab's count): the `X-Total` of a one-item page. */
export async function requestTotal(path: string, options: RequestOptions = {}): Promise<number> {
  const { headers } = await requestWithHeaders<unknown[]>(path, {
    ...options,
    query: { ...options.query, per_page: 1 },
  });
  return Number(headers.get('x-total') ?? 0);
}

/**
 * Every item of a list endpoint, 100 at a time (GitLab's largest page): the first page tells how
 * many pages there are, the rest are asked for at once. For lists a screen shows whole, such as a
 * pipeline's jobs in its graph.
 */
export async function requestAllPages<T>(path: string, options: RequestOptions = {}): Promise<T[]> {
  const page = (number: number) =>
    requestPage<T>(path, { ...options, query: { ...options.query, per_page: 100, page: number } });
  const first = await page(1);
  const rest = await Promise.all(
    Array.from({ length: Math.max(first.totalPages - 1, 0) }, (_, index) => page(index + 2)),
  );
  return [first, ...rest].flatMap((answer) => answer.items);
}
