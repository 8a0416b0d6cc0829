/** The only code in the web app that calls fetch: JSON in and out, the CSRF token on writes, errors as ApiError. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The answer's JSON, for a page that shows GitLab's validation errors one by one. */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let csrfToken: string | null = null;

/** Set from `GET /-/session`; sent as X-CSRF-Token on every mutating request. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

type Query = Record<string, string | number | boolean | undefined | null>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers a page endpoint reads (`X-Last-Fetched-At` for notes polling). */
  headers?: Record<string, string>;
  /** The browser cache mode: `no-store` for answers the caller revalidates with its own ETags. */
  cache?: RequestCache;
};

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

function messageOf(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string') return message;
    // GitLab words some validation errors as a list: `{"message": ["Source branch \"x\" does not exist"]}`.
    if (Array.isArray(message)) return message.map(String).join(' ');
    // GitLab's REST API words a rate limit's refusal `{"message": {"error": "..."}}`.
    const nested = (message as { error?: unknown } | null)?.error;
    if (typeof nested === 'string') return nested;
    if (message && typeof message === 'object') {
      return Object.entries(message as Record<string, unknown>)
        .map(
          ([field, problems]) =>
            `${field} ${Array.isArray(problems) ? problems.join(', ') : String(problems)}`,
        )
        .join('; ');
    }
    if (typeof error === 'string') return error;
  }
  return `Request failed (${status})`;
}

/**
 * GETs started before the app's scripts have loaded ({@link startEarlyGet}), by URL. The app's
 * own request for the same URL takes the answer instead of asking again: once, and only while it
 * is fresh, so a later visit to the same address asks the server.
 */
const earlyGets = new Map<string, { response: Promise<Response>; startedAt: number }>();
const EARLY_GET_FRESH_MS = 10_000;

const earlyFetch = (url: string) =>
  fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' });

function keepEarly(url: string, response: Promise<Response>): void {
  // A failure nobody asks for again (the app went elsewhere) is no error of the page's.
  response.catch(() => undefined);
  earlyGets.set(url, { response, startedAt: performance.now() });
}

/** Asks for `url` now; the app's first request for it gets this answer. */
export function startEarlyGet(url: string): void {
  keepEarly(url, earlyFetch(url));
}

/** {@link startEarlyGet}, and the answer's JSON for the caller too (null if it failed). */
export async function startEarlyGetJson<T>(url: string): Promise<T | null> {
  const response = earlyFetch(url);
  // Copied before this reads it: the app reads its own copy.
  keepEarly(
    url,
    response.then((answer) => answer.clone()),
  );
  try {
    const answer = await response;
    return answer.ok ? ((await answer.json()) as T) : null;
  } catch {
    return null;
  }
}

function takeEarlyGet(url: string): Promise<Response> | null {
  const early = earlyGets.get(url);
  earlyGets.delete(url);
  return early && performance.now() - early.startedAt < EARLY_GET_FRESH_MS ? early.response : null;
}

export type ApiResponse<T> = { data: T; headers: Headers };

export async function requestWithHeaders<T>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  // A FormData body (a file upload) sets its own multipart content type.
  const form = options.body instanceof FormData ? options.body : null;
  if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  const url = buildUrl(path, options.query);
  const plainGet = method === 'GET' && !options.headers && !options.cache;
  const response = await ((plainGet && takeEarlyGet(url)) ||
    fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
      cache: options.cache,
    }));
  const text = await response.text();
  // A page endpoint may answer HTML (a description diff); anything not JSON comes back as text.
  const json = response.headers.get('content-type')?.includes('json') ?? true;
  const body: unknown = text ? (json ? (JSON.parse(text) as unknown) : text) : null;
  if (!response.ok) throw new ApiError(response.status, messageOf(body, response.status), body);
  return { data: body as T, headers: response.headers };
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestWithHeaders<T>(path, options)).data;
}
