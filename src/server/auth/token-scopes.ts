import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError, InsufficientScopeError } from '../errors';
import type { RequestAuth } from './current-user';

/** What a request wants to do, for token scope checks. */
export type ScopeNeed = 'api_read' | 'api_write' | 'user_read' | 'git_read' | 'git_write';

/**
 * The scopes that cover each need, as GitLab grants them: `api` covers everything, `read_api`
 * reads (the API, and git as GitLab's `download_code` ability), `read_user` reads `/user` and
 * `/users`, the repository scopes cover git over HTTP. No read scope covers a write.
 */
const SCOPES_COVERING: Record<ScopeNeed, readonly string[]> = {
  api_read: ['api', 'read_api'],
  api_write: ['api'],
  user_read: ['api', 'read_api', 'read_user'],
  git_read: ['api', 'read_api', 'read_repository', 'write_repository'],
  git_write: ['api', 'write_repository'],
};

export function scopesAllow(scopes: readonly string[], need: ScopeNeed): boolean {
  return SCOPES_COVERING[need].some((scope) => scopes.includes(scope));
}

/**
 * What a CI job token covers: cloning and fetching code (the project is checked where git is
 * served), and the API on the few routes that take one (`jobTokenAllowed`, GitLab's
 * `job_token_allowed`), as the job's user. It never pushes.
 */
function jobTokenCovers(auth: Extract<RequestAuth, { method: 'job_token' }>, need: ScopeNeed): boolean {
  if (need === 'git_read') return true;
  return auth.api && (need === 'api_read' || need === 'api_write');
}

/** Whether the request's credentials cover `need`: sessions and passwords are not scoped. */
export function credentialsAllow(auth: RequestAuth, need: ScopeNeed): boolean {
  if (auth.method === 'job_token') return jobTokenCovers(auth, need);
  return auth.method !== 'token' || scopesAllow(auth.scopes, need);
}

/** git prints these as `remote: ...`; GitLab's words for a token without the ability. */
export const GIT_SCOPE_MESSAGES = {
  git_read: 'You are not allowed to download code.',
  git_write: 'You are not allowed to upload code.',
} as const;

/** GitLab's GraphQL endpoint treats a token that covers no reading as no token at all. */
export const GRAPHQL_INVALID_TOKEN = 'Invalid token';

/** The refusal of a token without `need`: git's text for git, GitLab's OAuth error elsewhere. */
export function insufficientScope(need: ScopeNeed): Error {
  if (need === 'git_read' || need === 'git_write') return new ForbiddenError(GIT_SCOPE_MESSAGES[need]);
  return new InsufficientScopeError(SCOPES_COVERING[need].join(' '));
}

/** Throws the refusal when the request's token does not cover `need`. */
export function assertTokenCovers(auth: RequestAuth, need: ScopeNeed): void {
  if (!credentialsAllow(auth, need)) throw insufficientScope(need);
}

/**
 * What a route asks of a token when its method does not say it: a `ScopeNeed`, `any_scope` (a
 * token reading or revoking itself), or `graphql` (reads at the endpoint; every mutation also
 * needs `api`, checked where mutations run).
 */
export type TokenScopeRule = ScopeNeed | 'any_scope' | 'graphql';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Declared by the few routes whose need is not "GET reads, anything else writes"; a function
     * decides per request (undefined: the method's need).
     */
    tokenScope?: TokenScopeRule | ((request: FastifyRequest) => TokenScopeRule | undefined);
    /**
     * The route takes a CI job token (`JOB-TOKEN` header, `job_token` parameter or a `glcbt-`
     * Bearer token), as GitLab's `job_token_allowed` routes do; elsewhere those are not read.
     */
    jobTokenAllowed?: true;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function ruleOf(request: FastifyRequest): TokenScopeRule {
  const declared = request.routeOptions.config.tokenScope;
  const rule = typeof declared === 'function' ? declared(request) : declared;
  return rule ?? (SAFE_METHODS.has(request.method) ? 'api_read' : 'api_write');
}

/**
 * The one place a token's scopes are checked, for every route of every channel (REST, the page's
 * JSON, uploads, git over HTTP, GraphQL): before the body is read and before any handler runs, so
 * a read-only token can never reach a write, whatever the route forgets. `preParsing` rather than
 * `onRequest`: a WebSocket upgrade is only closed after a refusal once every `onRequest` hook ran.
 */
export function registerTokenScopeCheck(app: FastifyInstance): void {
  app.addHook('preParsing', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if ((request.auth.method !== 'token' && request.auth.method !== 'job_token') || request.is404)
      return payload;
    const rule = ruleOf(request);
    if (request.auth.method === 'job_token') {
      // A job token covers git reads and its API routes only: not itself (any_scope), not GraphQL.
      if (rule === 'any_scope' || rule === 'graphql') throw insufficientScope('api_read');
      assertTokenCovers(request.auth, rule);
      return payload;
    }
    if (rule === 'any_scope') return payload;
    if (rule === 'graphql') {
      if (scopesAllow(request.auth.scopes, 'api_read')) return payload;
      return reply.code(401).send({ errors: [{ message: GRAPHQL_INVALID_TOKEN }] });
    }
    assertTokenCovers(request.auth, rule);
    return payload;
  });
}
