import { ApiError, requestWithHeaders, type RequestOptions } from './client';

/** An answer and the ETag it came with, to ask "changed since?" on the next poll. */
export type Tagged<T> = { body: T; etag: string | null };

/**
 * A GET that sends the previous answer's ETag: a 304 keeps the previous answer (`changed`
 * false). The browser's cache is kept out, as it would answer with its own copy instead.
 */
export async function fetchTagged<T>(
  path: string,
  previous: Tagged<T> | undefined,
  options: Pick<RequestOptions, 'query' | 'signal' | 'headers'> = {},
) {
  try {
    const { data, headers } = await requestWithHeaders<T>(path, {
      ...options,
      cache: 'no-store',
      headers: { ...options.headers, ...(previous?.etag ? { 'if-none-match': previous.etag } : {}) },
    });
    const tagged: Tagged<T> = { body: data, etag: headers.get('etag') };
    return { tagged, changed: true, pollInterval: headers.get('poll-interval') };
  } catch (error) {
    if (previous && error instanceof ApiError && error.status === 304)
      return { tagged: previous, changed: false, pollInterval: null };
    throw error;
  }
}

/** A polled answer with how many polls in a row brought nothing new (the back-off counts them). */
export type Polled<T> = Tagged<T> & { unchangedPolls: number };

/** The next poll of `path`: the previous answer kept on a 304, with its count of unchanged polls. */
export async function fetchPolled<T>(
  path: string,
  previous: Polled<T> | undefined,
  options: Pick<RequestOptions, 'query' | 'signal' | 'headers'> = {},
): Promise<Polled<T>> {
  const { tagged, changed } = await fetchTagged(path, previous, options);
  return { ...tagged, unchangedPolls: changed || !previous ? 0 : previous.unchangedPolls + 1 };
}

export const pageVisibility = (): 'visible' | 'hidden' =>
  document.visibilityState === 'hidden' ? 'hidden' : 'visible';
