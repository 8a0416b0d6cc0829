import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Clock } from '../clock';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { AccessTokensService, TokenRow } from '../features/access-tokens/access-tokens.service';
import type { UserRow, UsersService } from '../features/users/users.service';
import { findActiveToken, findSessionUser } from './auth.repo';
import type { AuthCache } from './auth-cache';
import { verifyPassword } from './passwords';
import { digestToken, JOB_TOKEN_PREFIX, OAUTH_TOKEN_LIFETIME_SECONDS } from './tokens';

export const SESSION_COOKIE = '_review_session';

export type CurrentUser = Pick<UserRow, 'id' | 'username' | 'name' | 'email' | 'admin' | 'state'>;

export { TOKEN_SCOPES, type TokenScope } from '../../shared/access/credentials';

export type RequestAuth =
  | { method: 'none' }
  | { method: 'session'; csrfToken: string }
  | { method: 'token'; scopes: string[]; tokenId: number }
  | { method: 'password' }
  /**
   * A CI job's token: its job's user, on its job's project, while it runs. `api` when it came to a
   * route that takes job tokens (`jobTokenAllowed`); otherwise it reads git only.
   */
  | { method: 'job_token'; jobId: number; projectId: number; api: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: CurrentUser | null;
    auth: RequestAuth;
  }
}

const toCurrentUser = (user: UserRow): CurrentUser => ({
  id: user.id,
  username: user.username,
  name: user.name,
  email: user.email,
  admin: user.admin,
  state: user.state,
});

function bearerToken(request: FastifyRequest): string | undefined {
  const privateToken = request.headers['private-token'];
  if (typeof privateToken === 'string' && privateToken) return privateToken;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim();
  const query = request.query as Record<string, unknown> | undefined;
  if (typeof query?.private_token === 'string') return query.private_token;
  if (typeof query?.access_token === 'string') return query.access_token;
  return undefined;
}

/**
 * A CI job token as GitLab reads one on its `job_token_allowed` routes: the `JOB-TOKEN` header,
 * the `job_token` parameter, or a Bearer token with the job token prefix.
 */
function apiJobToken(request: FastifyRequest): string | undefined {
  if (request.routeOptions.config?.jobTokenAllowed !== true) return undefined;
  const header = request.headers['job-token'];
  if (typeof header === 'string' && header) return header;
  const query = request.query as Record<string, unknown> | undefined;
  if (typeof query?.job_token === 'string' && query.job_token) return query.job_token;
  const authorization = request.headers.authorization;
  const bearer = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length).trim() : '';
  return bearer.startsWith(JOB_TOKEN_PREFIX) ? bearer : undefined;
}

function basicCredentials(request: FastifyRequest): { login: string; secret: string } | undefined {
  const authorization = request.headers.authorization;
  if (!authorization?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(authorization.slice('Basic '.length), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { login: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** Counts password guesses (the sign-in rate limit); `attempt` throws once the caller must wait. */
/** Whose password is tried: the account when the login names one, else the login as typed. */
export type SignInAccount = { login: string; userId: number | undefined };

export type PasswordAttemptLimit = {
  attempt(account: SignInAccount, ip: string): Promise<void>;
  succeeded(account: SignInAccount, ip: string): Promise<void>;
};

/** A session or token as the database had it, kept for AUTH_CACHE_TTL_MS: whether it still holds is asked on every use. */
export type ResolvedCredentials =
  | { kind: 'session'; user: CurrentUser; csrfToken: string; expiresAt: Date }
  | { kind: 'token'; user: CurrentUser; token: TokenRow };

/** Who a CI job token acts as while its job runs (the pipelines feature knows jobs). */
export type JobTokenResolver = {
  resolveJobToken(token: string): Promise<{ jobId: number; projectId: number; user: UserRow } | null>;
};

/** The user name git clients send with a CI job token, as GitLab names it. */
export const JOB_TOKEN_LOGIN = 'gitlab-ci-token';

type Deps = {
  db: Db;
  clock: Clock;
  signInRateLimit: PasswordAttemptLimit;
  authCache: AuthCache<ResolvedCredentials>;
  ciJobs: JobTokenResolver;
  users: Pick<UsersService, 'findByLogin'>;
  accessTokens: Pick<AccessTokensService, 'recordUse'>;
};

/** OAuth tokens expire by the hour, finer than the table's expiry date. */
const isExpiredOAuthToken = (token: TokenRow, now: Date): boolean =>
  token.kind === 'oauth' && now.getTime() - token.createdAt.getTime() >= OAUTH_TOKEN_LIFETIME_SECONDS * 1000;

const dayOf = (now: Date): string => now.toISOString().slice(0, 10);

/** The expiry checks findActiveToken makes in SQL, made again on a remembered row. */
const isExpiredToken = (token: TokenRow, now: Date): boolean =>
  (token.expiresAt !== null && token.expiresAt <= dayOf(now)) || isExpiredOAuthToken(token, now);

/** As GitLab: `last_used_at` moves at most every 10 minutes, so reads do not each write a row. */
const TOKEN_USE_RECORD_INTERVAL_MS = 10 * 60 * 1000;

async function touchTokenOnceInAWhile(
  accessTokens: Deps['accessTokens'],
  found: Extract<ResolvedCredentials, { kind: 'token' }>,
  now: Date,
): Promise<void> {
  const last = found.token.lastUsedAt?.getTime();
  if (last !== undefined && now.getTime() - last < TOKEN_USE_RECORD_INTERVAL_MS) return;
  // The remembered row is this object: marked before writing, so polls meanwhile do not write too.
  found.token = { ...found.token, lastUsedAt: now };
  await accessTokens.recordUse(found.token.id, now);
}

function tokenAuth(found: Extract<ResolvedCredentials, { kind: 'token' }>) {
  return {
    user: found.user,
    auth: { method: 'token', scopes: found.token.scopes, tokenId: found.token.id } as const,
  };
}

async function authenticate(
  request: FastifyRequest,
  { db, clock, signInRateLimit, authCache, ciJobs, users, accessTokens }: Deps,
): Promise<{ user: CurrentUser; auth: RequestAuth } | null> {
  const now = clock.now();

  /** An active token, remembered or read; expiry is checked on every use, not only on reading. */
  async function activeToken(secret: string) {
    const digest = digestToken(secret);
    const found = await authCache.resolve(`token:${digest}`, async () => {
      const row = await findActiveToken(db, digest, dayOf(now));
      if (!row) return undefined;
      const value = { kind: 'token', user: toCurrentUser(row.user), token: row.token } as const;
      return { userId: row.user.id, value };
    });
    if (found?.kind !== 'token' || isExpiredToken(found.token, now)) return undefined;
    await touchTokenOnceInAWhile(accessTokens, found, now);
    return found;
  }

  /** A running job's token; read fresh on every use: the token stops working the moment its job ends. */
  async function jobTokenAuth(secret: string, api: boolean, refusal?: string) {
    const job = await ciJobs.resolveJobToken(secret);
    if (!job) throw new UnauthorizedError(refusal);
    const auth = { method: 'job_token', jobId: job.jobId, projectId: job.projectId, api } as const;
    return { user: toCurrentUser(job.user), auth };
  }

  const jobToken = apiJobToken(request);
  if (jobToken) return jobTokenAuth(jobToken, true);
  const token = bearerToken(request);
  if (token) {
    const found = await activeToken(token);
    if (!found) throw new UnauthorizedError();
    return tokenAuth(found);
  }
  const basic = basicCredentials(request);
  // git's way of sending it: Basic `gitlab-ci-token`, which reads code only.
  if (basic?.login === JOB_TOKEN_LOGIN) return jobTokenAuth(basic.secret, false, 'HTTP Basic: Access denied');
  if (basic) {
    // git clients send a token as the password; a real password works too, as on GitLab.
    const found = await activeToken(basic.secret);
    if (found && found.user.username.toLowerCase() === basic.login.toLowerCase()) return tokenAuth(found);
    const user = await users.findByLogin(basic.login);
    const account = { login: basic.login, userId: user?.id };
    await signInRateLimit.attempt(account, request.ip);
    if (user && (await verifyPassword(basic.secret, user.passwordHash))) {
      await signInRateLimit.succeeded(account, request.ip);
      return { user: toCurrentUser(user), auth: { method: 'password' } };
    }
    throw new UnauthorizedError('HTTP Basic: Access denied');
  }
  const cookie = request.cookies[SESSION_COOKIE];
  if (cookie) {
    const digest = digestToken(cookie);
    const found = await authCache.resolve(`session:${digest}`, async () => {
      const row = await findSessionUser(db, digest, now);
      if (!row) return undefined;
      const { user, csrfToken, expiresAt } = row;
      return { userId: user.id, value: { kind: 'session', user: toCurrentUser(user), csrfToken, expiresAt } };
    });
    // A stale cookie is simply no session: the visitor is anonymous, not refused.
    if (found?.kind === 'session' && found.expiresAt > now)
      return { user: found.user, auth: { method: 'session', csrfToken: found.csrfToken } };
  }
  return null;
}

/** Resolves `request.currentUser` for every request; invalid credentials are a 401, a blocked account a 403. */
export function registerCurrentUser(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('auth', null as never);
  app.addHook('onRequest', async (request) => {
    request.currentUser = null;
    request.auth = { method: 'none' };
    const found = await authenticate(request, deps);
    if (!found) return;
    if (found.user.state === 'blocked') throw new ForbiddenError('Your account has been blocked.');
    request.currentUser = found.user;
    request.auth = found.auth;
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie sessions are open to cross-site requests, so every mutating request on one must carry
 * the session's CSRF token. Token and Basic auth are not sent by browsers on their own.
 */
export function registerCsrfCheck(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (request.auth.method !== 'session' || SAFE_METHODS.has(request.method)) return;
    if (request.headers['x-csrf-token'] !== request.auth.csrfToken) {
      throw new ForbiddenError('CSRF token is missing or invalid. Reload the page and try again.');
    }
  });
}
