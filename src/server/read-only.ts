import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Kind, OperationTypeNode, parse } from 'graphql';
import type { Config } from './config';
import { ReadOnlyError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Writes a secondary node still takes: fetching is a POST in git's protocol, and signing in is local. */
const ALLOWED_WRITES = [/\/git-upload-pack$/, /^\/users\/sign_(in|out)$/, /^\/oauth\/token$/];

export const GEO_SECONDARY_PUSH_REFUSED =
  'You cannot push code to a secondary node. Push to the primary node instead.';

const pathOf = (request: FastifyRequest) => request.url.split('?', 1)[0] ?? '';

function isPushDiscovery(request: FastifyRequest): boolean {
  const service = new URL(request.url, 'http://node').searchParams.get('service');
  return pathOf(request).endsWith('/info/refs') && service === 'git-receive-pack';
}

/** Whether a GraphQL request asks for a mutation (queries and subscriptions only read). */
function isMutation(body: unknown): boolean {
  const query = (body as { query?: unknown } | null)?.query;
  if (typeof query !== 'string') return false;
  try {
    return parse(query).definitions.some(
      (definition) =>
        definition.kind === Kind.OPERATION_DEFINITION && definition.operation === OperationTypeNode.MUTATION,
    );
  } catch {
    return false; // GraphQL answers the syntax error itself.
  }
}

/**
 * A Geo secondary node (`GEO_SECONDARY=true`) serves reads and refuses every write with 405, so
 * nothing diverges from the primary. git gets its refusal as text, which it prints as
 * `remote: ...` before the push starts.
 */
export function registerReadOnlyMode(app: FastifyInstance, config: Pick<Config, 'geoSecondary'>): void {
  if (!config.geoSecondary) return;
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (isPushDiscovery(request))
      return reply.code(403).type('text/plain').send(`${GEO_SECONDARY_PUSH_REFUSED}\n`);
    const path = pathOf(request);
    if (path === '/api/graphql') {
      if (isMutation(request.body)) throw new ReadOnlyError();
      return;
    }
    if (SAFE_METHODS.has(request.method) || ALLOWED_WRITES.some((pattern) => pattern.test(path))) return;
    throw new ReadOnlyError();
  });
}
