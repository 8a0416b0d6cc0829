import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../auth/current-user';
import { assertTokenCovers, type ScopeNeed } from '../../auth/token-scopes';
import { UnauthorizedError } from '../../errors';

/** A token may only do what its scopes cover; sessions and passwords are not scoped. */
export function assertScope(request: FastifyRequest, need: ScopeNeed): void {
  assertTokenCovers(request.auth, need);
}

/**
 * The signed-in user of an API request (401 when anonymous), whose credentials cover `need`;
 * `null` for the few endpoints any token may call (a token reading or revoking itself).
 */
export function requireUser(request: FastifyRequest, need: ScopeNeed | null): CurrentUser {
  const user = request.currentUser;
  if (!user) throw new UnauthorizedError();
  if (need) assertScope(request, need);
  return user;
}
