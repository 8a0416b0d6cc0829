import type { FastifyRequest } from 'fastify';
import { scopesAllow, type CurrentUser, type ScopeNeed } from '../../auth/current-user';
import { ForbiddenError, UnauthorizedError } from '../../errors';

export const INSUFFICIENT_SCOPE =
  '403 Forbidden - The request requires higher privileges than provided by the access token.';

/** A token may only do what its scopes cover; sessions and passwords are not scoped. */
export function assertScope(request: FastifyRequest, need: ScopeNeed): void {
  if (request.auth.method === 'token' && !scopesAllow(request.auth.scopes, need))
    throw new ForbiddenError(INSUFFICIENT_SCOPE);
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
