import type { FastifyBaseLogger } from 'fastify';
import type { CurrentUser, RequestAuth } from '../auth/current-user';
import type { Container } from '../container';
import { NotFoundError } from '../errors';

export type GraphQLContext = {
  container: Container;
  currentUser: CurrentUser | null;
  /** How the request authenticated: a token's scopes bound what it may run. */
  auth: RequestAuth;
  /** The request's id, quoted in an internal error's answer and logged with it. */
  requestId: string;
  /** The request's logger: a hook failing after a mutation's writes is logged, not answered. */
  log: Pick<FastifyBaseLogger, 'error'>;
};

/** Absent and unreadable look the same: GraphQL answers null, as GitLab does. */
export async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}
