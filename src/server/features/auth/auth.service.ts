import { randomBytes } from 'node:crypto';
import type { SignUpRequest } from '../../../shared/api/session';
import type { TokenScope } from '../../../shared/access/credentials';
import type { AuthChanges } from '../../auth/auth-cache';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { digestToken, newCsrfToken, newSessionToken } from '../../auth/tokens';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { ForbiddenError, UnauthorizedError } from '../../errors';
import type { AccessTokensService, TokenRow } from '../access-tokens/access-tokens.service';
import type { UserRow, UsersService } from '../users/users.service';
import { deleteSession, insertSession } from './sessions.repo';
import type { SignInRateLimit } from './sign-in-rate-limit.service';

export const INVALID_LOGIN = 'Invalid login or password.';
export const BLOCKED_ACCOUNT =
  'Your account has been blocked. Contact your administrator if you think this is an error.';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A browser session lasts a week, or two when "Remember me" was ticked (GitLab's defaults). */
export const SESSION_TTL_MS = 7 * DAY_MS;
export const REMEMBERED_SESSION_TTL_MS = 14 * DAY_MS;

/** A new browser session: `cookie` goes to the browser, only its digest is stored. */
export type StartedSession = { cookie: string; csrfToken: string; expiresAt: Date; persistent: boolean };

type Deps = {
  db: Db;
  clock: Clock;
  signInRateLimit: SignInRateLimit;
  users: Pick<UsersService, 'createUser' | 'findByLogin'>;
  accessTokens: Pick<AccessTokensService, 'createOAuthToken'>;
  authCache: AuthChanges;
};

/** Sign-in, sign-up, sign-out and OAuth's password grant: every way a password becomes a session or a token. */
export function createAuthService({ db, clock, signInRateLimit, users, accessTokens, authCache }: Deps) {
  // Checked when the login is unknown, so that answer takes as long as a wrong password does.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hashPassword(randomBytes(16).toString('hex')));

  /**
   * The user whose login and password these are. Unknown login and wrong password read the same,
   * so the answer does not tell which accounts exist. Rate limited per account and client address.
   */
  async function checkPassword(login: string, password: string, ip: string): Promise<UserRow> {
    const user = await users.findByLogin(login);
    const account = { login, userId: user?.id };
    await signInRateLimit.attempt(account, ip);
    const matches = await verifyPassword(password, user?.passwordHash ?? (await decoy()));
    if (!user || !matches) throw new UnauthorizedError(INVALID_LOGIN);
    await signInRateLimit.succeeded(account, ip);
    if (user.state === 'blocked') throw new ForbiddenError(BLOCKED_ACCOUNT);
    return user;
  }

  /** Every process stops accepting the cookie at once, not when its remembered session ages out. */
  async function endSession(cookie: string): Promise<void> {
    const userId = await deleteSession(db, digestToken(cookie));
    if (userId !== undefined) await authCache.userChanged(userId);
  }

  async function startSession(userId: number, rememberMe: boolean): Promise<StartedSession> {
    const cookie = newSessionToken();
    const csrfToken = newCsrfToken();
    const ttl = rememberMe ? REMEMBERED_SESSION_TTL_MS : SESSION_TTL_MS;
    const expiresAt = new Date(clock.now().getTime() + ttl);
    await insertSession(db, { id: digestToken(cookie), userId, csrfToken, expiresAt });
    return { cookie, csrfToken, expiresAt, persistent: rememberMe };
  }

  async function signIn(input: {
    login: string;
    password: string;
    rememberMe: boolean;
    ip: string;
    /** The browser's current session cookie, if any: it is ended, never reused. */
    previousCookie?: string;
  }): Promise<{ user: UserRow; session: StartedSession }> {
    const user = await checkPassword(input.login, input.password, input.ip);
    if (input.previousCookie) await endSession(input.previousCookie);
    return { user, session: await startSession(user.id, input.rememberMe) };
  }

  async function signUp(input: SignUpRequest): Promise<{ user: UserRow; session: StartedSession }> {
    const user = await users.createUser(input);
    return { user, session: await startSession(user.id, false) };
  }

  const signOut = endSession;

  /** OAuth 2 "Resource Owner Password Credentials": a bearer token that lives OAUTH_TOKEN_LIFETIME_SECONDS. */
  async function passwordGrant(input: {
    username: string;
    password: string;
    scopes: TokenScope[];
    ip: string;
  }): Promise<{ token: string; row: TokenRow }> {
    const user = await checkPassword(input.username, input.password, input.ip);
    return accessTokens.createOAuthToken(user.id, input.scopes);
  }

  return { signIn, signUp, signOut, passwordGrant };
}

export type AuthService = ReturnType<typeof createAuthService>;
