import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../auth/current-user';
import { assertTokenCovers, type ScopeNeed } from '../../auth/token-scopes';
import { UnauthorizedError } from '../../errors';

/*
 * Who is asking: the one family of helpers routes use to name their actor. Each first checks that
 * the request's token covers what it needs (sessions and passwords are not scoped), so a missing
 * scope always gets GitLab's one `insufficient_scope` answer (auth/token-scopes.ts), the same as
 * the app-wide check that already ran before the handler.
 */

const READS = new Set(['GET', 'HEAD']);

/** What a request needs when its route does not say: GET and HEAD read, anything else writes. */
const methodNeed = (request: FastifyRequest): ScopeNeed =>
  READS.has(request.method) ? 'api_read' : 'api_write';

/** A token may only do what its scopes cover; sessions and passwords are not scoped. */
export function assertScope(request: FastifyRequest, need: ScopeNeed): void {
  assertTokenCovers(request.auth, need);
}

/**
 * Who makes the request, `null` for an anonymous visitor, once the credentials cover `need` (by
 * default the method's: reads need `read_api` or `api`, anything else `api`).
 */
export function apiActor(request: FastifyRequest, need: ScopeNeed = methodNeed(request)): CurrentUser | null {
  assertScope(request, need);
  return request.currentUser;
}

/** The reader of an endpoint anonymous visitors of public projects may read too: `read_api` will do. */
export const reader = (request: FastifyRequest): CurrentUser | null => apiActor(request, 'api_read');

/**
 * The signed-in user (401 when anonymous) whose credentials cover `need`, by default the method's;
 * `null` for the few endpoints any token may call (a token reading or revoking itself).
 */
export function requireUser(
  request: FastifyRequest,
  need: ScopeNeed | null = methodNeed(request),
): CurrentUser {
  const user = request.currentUser;
  if (!user) throw new UnauthorizedError();
  if (need) assertScope(request, need);
  return user;
}
