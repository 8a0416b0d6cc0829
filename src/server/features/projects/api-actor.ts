import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../auth/current-user';
import { assertTokenCovers } from '../../auth/token-scopes';
import { UnauthorizedError } from '../../errors';

const READS = new Set(['GET', 'HEAD']);

/**
 * Who makes an API request, after the token scope check GitLab does: reads need `read_api` or
 * `api`, anything else needs `api`. Anonymous visitors are `null`.
 */
export function apiActor(request: FastifyRequest): CurrentUser | null {
  assertTokenCovers(request.auth, READS.has(request.method) ? 'api_read' : 'api_write');
  return request.currentUser;
}

/** As `apiActor`, for endpoints that need a signed-in user: 401 otherwise. */
export function signedInActor(request: FastifyRequest): CurrentUser {
  const actor = apiActor(request);
  if (!actor) throw new UnauthorizedError();
  return actor;
}
