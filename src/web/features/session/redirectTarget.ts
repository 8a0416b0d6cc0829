const SESSION_PAGES = ['/users/sign_in', '/users/sign_up'];

/**
 * Where to go after signing in: the `redirect_to` path if it stays on this site, else home.
 * Absolute and protocol-relative URLs (`//evil.example`) are refused, so a link cannot send
 * someone elsewhere after they signed in.
 */
export function safeRedirectPath(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return '/';
  if (SESSION_PAGES.some((page) => target === page || target.startsWith(`${page}?`))) return '/';
  return target;
}

/** The sign-in (or sign-up) page that brings the visitor back to `here` afterwards. */
export function sessionPageUrl(page: 'sign_in' | 'sign_up', here: string): string {
  const back = safeRedirectPath(here);
  return back === '/' ? `/users/${page}` : `/users/${page}?redirect_to=${encodeURIComponent(back)}`;
}
