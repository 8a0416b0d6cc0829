/** Spec 001 section 9: the first page of discussions holds 20, later batches grow by 1.5x, up to 100. */
export const FIRST_DISCUSSIONS_PAGE_SIZE = 20;
export const DISCUSSIONS_PAGE_GROWTH = 1.5;
export const MAX_DISCUSSIONS_PAGE_SIZE = 100;

/** The `per_page` of the next request, given the previous one's (none for the first). */
export function nextDiscussionsPageSize(previous: number | null): number {
  if (previous === null) return FIRST_DISCUSSIONS_PAGE_SIZE;
  return Math.min(Math.round(previous * DISCUSSIONS_PAGE_GROWTH), MAX_DISCUSSIONS_PAGE_SIZE);
}

/** Fetching continues while the answer carries a cursor for the next page. */
export function nextDiscussionsCursor(header: string | null): string | null {
  return header ? header : null;
}
